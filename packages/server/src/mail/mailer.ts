import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** How every server module sends mail; it never knows whether SMTP or the outbox is behind it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Set when mail goes to a local folder instead of an SMTP server. */
  readonly outboxDir: string | undefined;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
  log: Logger;
}

export const DEFAULT_MAIL_FROM = 'Hearth <no-reply@hearth.local>';

/** SMTP_URL when configured; otherwise each message lands in DATA_DIR/outbox as an .eml file. */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) return smtpMailer(opts.smtpUrl, opts);
  return outboxMailer(join(opts.dataDir, 'outbox'), opts);
}

function smtpMailer(url: string, opts: MailerOptions): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    outboxDir: undefined,
    async send(message) {
      await transport.sendMail({ from: opts.from, ...message });
      opts.log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, opts: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    outboxDir: dir,
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      await mkdir(dir, { recursive: true });
      // The timestamp first, so the newest message sorts last in a directory listing.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(join(dir, name), info.message as Buffer);
      opts.log.info(
        { to: message.to, subject: message.subject, file: name },
        'mail written to outbox',
      );
    },
    close: () => transport.close(),
  };
}
