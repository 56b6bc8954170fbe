import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Decodes quoted-printable soft breaks and escapes, enough to read links out of a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every http(s) link in the plain-text part of a raw message. */
export function linksIn(raw: string): string[] {
  const text = decodeQuotedPrintable(raw);
  return [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: tests point SMTP_URL at it and
 * read the mail a user would get.
 */
export async function startSmtpSink(): Promise<{
  url: string;
  mails: ReceivedMail[];
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<{ to: string; resolve: (m: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const waiter = waiters.findIndex((w) => mail.to.includes(w.to));
        if (waiter >= 0) waiters.splice(waiter, 1)[0]?.resolve(mail);
        else mails.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next message to this address (one already received and not yet taken counts). */
    next(to) {
      const address = to.toLowerCase();
      const waiting = mails.findIndex((m) => m.to.includes(address));
      if (waiting >= 0) return Promise.resolve(mails.splice(waiting, 1)[0] as ReceivedMail);
      return new Promise((resolve) => waiters.push({ to: address, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
