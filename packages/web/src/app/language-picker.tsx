import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_NATIVE_NAMES,
  LANGUAGES,
  type Language,
  type LanguageListResponse,
} from '@hearth/protocol';
import { useClientData } from '../lib/client-data';
import { decodeToken } from '../lib/session/jwt';
import { http } from '../lib/http';
import { changeLanguage } from '../lib/i18n';
import { useSessionStore } from '../lib/session/session-store';

const FALLBACK = LANGUAGES.map((code) => ({ code, name: LANGUAGE_NATIVE_NAMES[code] }));

/**
 * The languages offered: the translation service's list, narrowed to the brand's client data
 * `supportedLanguages` (spec 1 §3, §7) when it names any. The language in use stays listed,
 * so the picker always shows it.
 */
export function offeredLanguages<L extends { code: string }>(
  available: readonly L[],
  supported: readonly string[] | undefined,
  current: string,
): L[] {
  if (!supported || supported.length === 0) return [...available];
  return available.filter((l) => supported.includes(l.code) || l.code === current);
}

/** The languages the server offers (GET /api/v2/languages), stored as the user's preference. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const supported = useClientData().capabilities?.supportedLanguages;
  const languages = useQuery({
    queryKey: ['languages'],
    queryFn: ({ signal }) =>
      http.request<LanguageListResponse>('/api/v2/languages', { auth: false, signal, quiet: true }),
    staleTime: Infinity,
  });
  const choose = async (lang: Language) => {
    await changeLanguage(lang);
    const { token } = useSessionStore.getState();
    const userId = decodeToken(token).userId;
    if (userId) {
      await http
        .request(`/api/v2/users/${encodeURIComponent(userId)}/preferences`, {
          method: 'POST',
          json: { lang },
        })
        // The language already changed on screen; a failed save was reported by the HTTP layer.
        .catch(() => undefined);
    }
  };
  return (
    <div className="menu__language">
      <label htmlFor={id}>{t('menu.language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => void choose(e.currentTarget.value as Language)}
        data-testid="language-picker"
      >
        {offeredLanguages(languages.data?.languages ?? FALLBACK, supported, i18n.language).map(
          (l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ),
        )}
      </select>
    </div>
  );
}
