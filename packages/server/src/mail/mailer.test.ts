import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createMailer } from './mailer';
import { linksIn, startSmtpSink } from './smtp-sink';

const dataDir = mkdtempSync(join(tmpdir(), 'hearth-mail-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const log = createLogger('silent');

describe('mailer', () => {
  it('writes each message to DATA_DIR/outbox as an .eml file when no SMTP_URL is set', async () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir, from: 'Hearth <h@x.test>', log });
    expect(mailer.outboxDir).toBe(join(dataDir, 'outbox'));
    const link = `http://app.test/registration-confirm/01.01?user=u&code=${'c'.repeat(90)}`;
    await mailer.send({ to: 'a@x.test', subject: 'First', text: `open ${link}` });
    await mailer.send({ to: 'b@x.test', subject: 'Second', text: 'two' });
    const files = readdirSync(join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = readFileSync(join(dataDir, 'outbox', files[0] as string), 'utf8');
    expect(first).toContain('Subject: First');
    expect(first).toContain('To: a@x.test');
    expect(linksIn(first)).toEqual([link]);
    mailer.close();
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, dataDir, from: 'Hearth <h@x.test>', log });
    expect(mailer.outboxDir).toBeUndefined();
    await mailer.send({ to: 'c@x.test', subject: 'Hello', text: 'body' });
    const mail = await sink.next('c@x.test');
    expect(mail.raw).toContain('Subject: Hello');
    mailer.close();
    await sink.close();
  });
});
