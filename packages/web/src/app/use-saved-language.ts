import { useEffect, useRef } from 'react';
import { LANGUAGES, type Language, type PreferencesResponse } from '@hearth/protocol';
import { useUserId } from '../lib/accounts';
import { http } from '../lib/http';
import { changeLanguage, i18n } from '../lib/i18n';
import { whenIdle } from '../lib/platform/when-idle';

/** The saved language is read in idle time, but no later than this after a sign-in. */
const SAVED_LANGUAGE_IDLE_TIMEOUT_MS = 2_000;

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * Spec 1 §3 "User preferences: lang": the language the user saved (the language picker's POST)
 * replaces this device's when it is one of the app's languages and differs. A failed read
 * changes nothing and shows nothing.
 */
export async function applySavedLanguage(userId: string): Promise<void> {
  const before = i18n.language;
  let saved: unknown;
  try {
    const answer = await http.request<PreferencesResponse>(
      `/api/v2/users/${encodeURIComponent(userId)}/preferences`,
      { quiet: true },
    );
    saved = answer.lang;
  } catch {
    return;
  }
  // A language picked while the answer was on its way stands.
  if (!isLanguage(saved) || saved === i18n.language || i18n.language !== before) return;
  await changeLanguage(saved).catch(() => undefined);
}

/**
 * Reads the user's saved language once per sign-in (and on a signed-in start), in idle time:
 * it matters only when it differs from this device's, and must not hold up the first screen's
 * own requests.
 */
export function useSavedLanguage(): void {
  const userId = useUserId();
  const readFor = useRef('');
  useEffect(() => {
    if (!userId || userId === readFor.current) return;
    return whenIdle(() => {
      readFor.current = userId;
      void applySavedLanguage(userId);
    }, SAVED_LANGUAGE_IDLE_TIMEOUT_MS);
  }, [userId]);
}
