import { linksIn, startSmtpSink, type ReceivedMail } from '../mail/smtp-sink';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

export const FRONTEND = 'http://app.hearth.test';

export interface AccountsTestbed {
  t: TestHearth;
  sink: Awaited<ReturnType<typeof startSmtpSink>>;
  stop(): Promise<void>;
}

/** A server whose mail goes through a real SMTP server the test reads. */
export async function startAccountsTestbed(): Promise<AccountsTestbed> {
  const sink = await startSmtpSink();
  // Mailed links open PUBLIC_URL (a frontend_host the brand does not allow is ignored).
  const t = await startTestHearth({ env: { SMTP_URL: sink.url, PUBLIC_URL: FRONTEND } });
  return {
    t,
    sink,
    async stop() {
      await t.stop();
      await sink.close();
    },
  };
}

/** The confirmation link of a mail, split as the app's confirmation screen reads it. */
export function confirmationOf(mail: ReceivedMail): {
  link: string;
  path: string;
  user: string;
  code: string;
} {
  const link = linksIn(mail.raw).find((l) => l.startsWith(FRONTEND));
  if (!link) throw new Error(`no app link in mail:\n${mail.raw}`);
  const url = new URL(link);
  return {
    link,
    path: url.pathname,
    user: url.searchParams.get('user') ?? '',
    code: url.searchParams.get('code') ?? '',
  };
}

export async function send(
  base: string,
  method: 'POST' | 'DELETE' | 'GET',
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export function registration(email: string, password = 'secret_1') {
  return { email, password, serialid: '01.01', lang: 'es', frontend_host: FRONTEND };
}
