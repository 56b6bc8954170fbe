import type { MailMessage } from '../mail';

export type AccountMailKind = 'registration' | 'password_reset' | 'email_change';

/** The app route each kind of link opens (API.md §4). */
export const CONFIRM_ROUTE: Record<AccountMailKind, string> = {
  registration: 'registration-confirm',
  password_reset: 'password-reset-confirm',
  email_change: 'email-change-confirm',
};

const SUBJECT: Record<AccountMailKind, string> = {
  registration: 'Confirm your Hearth account',
  password_reset: 'Choose a new Hearth password',
  email_change: 'Confirm your new Hearth e-mail address',
};

const INTRO: Record<AccountMailKind, string> = {
  registration: 'Welcome to Hearth. Open this link to confirm your account:',
  password_reset:
    'Someone asked to reset the password of this Hearth account. Open this link to choose a new one:',
  email_change: 'Open this link to use this address for your Hearth account:',
};

const OUTRO: Record<AccountMailKind, string> = {
  registration: 'If you did not create an account, ignore this message.',
  password_reset: 'If you did not ask for this, ignore this message: your password stays as it is.',
  email_change: 'If you did not ask for this, ignore this message.',
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

export function accountMail(kind: AccountMailKind, to: string, link: string): MailMessage {
  const text = `${INTRO[kind]}\n\n${link}\n\n${OUTRO[kind]}\n`;
  const safe = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const html = `<p>${INTRO[kind]}</p><p><a href="${safe}">${safe}</a></p><p>${OUTRO[kind]}</p>`;
  return { to, subject: SUBJECT[kind], text, html };
}
