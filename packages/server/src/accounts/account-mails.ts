import { LANGUAGES, type Language } from '@hearth/protocol';
import type { MailMessage } from '../mail';
import { ACCOUNT_MAIL_TEXTS } from './account-mail-texts';

export type AccountMailKind = 'registration' | 'password_reset' | 'email_change';

/** The app route each kind of link opens (docs/wire-contract.md §4). */
export const CONFIRM_ROUTE: Record<AccountMailKind, string> = {
  registration: 'registration-confirm',
  password_reset: 'password-reset-confirm',
  email_change: 'email-change-confirm',
};

export function confirmationLink(
  kind: AccountMailKind,
  frontendHost: string,
  serialId: string,
  userId: string,
  code: string,
): string {
  const base = frontendHost.replace(/\/+$/, '');
  const query = new URLSearchParams({ user: userId, code }).toString();
  return `${base}/${CONFIRM_ROUTE[kind]}/${encodeURIComponent(serialId)}?${query}`;
}

export function accountMail(
  kind: AccountMailKind,
  to: string,
  link: string,
  lang: string,
): MailMessage {
  const language = (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en';
  const { subject, intro, outro } = ACCOUNT_MAIL_TEXTS[language][kind];
  const text = `${intro}\n\n${link}\n\n${outro}\n`;
  const safe = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const html = `<p>${intro}</p><p><a href="${safe}">${safe}</a></p><p>${outro}</p>`;
  return { to, subject, text, html };
}
