import { expect, type Locator, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The server's mail outbox (DATA_DIR/outbox), shared by the config through E2E_DATA_DIR. */
function outbox(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  return join(dir, 'outbox');
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function messagesTo(to: string): string[] {
  let files: string[];
  try {
    files = readdirSync(outbox()).filter((f) => f.endsWith('.eml'));
  } catch (err) {
    // No mail sent yet: the folder appears with the first message.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return files
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(join(outbox(), f), 'utf8')))
    .filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'mi').test(m));
}

/** Waits for a message to `to` linking to `route` of the app and answers the newest such link. */
export async function mailedLink(to: string, route: string): Promise<string> {
  const links = () =>
    messagesTo(to).flatMap((m) =>
      (m.match(/https?:\/\/[^\s"<>]+/g) ?? [])
        .map((l) => l.replace(/&amp;/g, '&'))
        .filter((l) => l.includes(`/${route}/`)),
    );
  await expect
    .poll(() => links().length, { message: `a ${route} mail to ${to}` })
    .toBeGreaterThan(0);
  return links().at(-1) ?? '';
}

/** A fresh address per test and project, so runs never meet each other's accounts. */
export function freshEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * A visible field by its exact label: Ionic keeps the previous page in the DOM (hidden), and
 * "New password" must not match "Repeat new password".
 */
export function label(scope: Page | Locator, name: string | RegExp): Locator {
  // The newest page of the stack comes last; during a page transition both are visible.
  return scope.getByLabel(name, { exact: true }).locator('visible=true').last();
}

/** A visible element by test id (hidden pages of the Ionic stack may hold the same id). */
export function shown(scope: Page | Locator, testId: string): Locator {
  return scope.getByTestId(testId).locator('visible=true').last();
}

/** Waits for a message to `to` and answers the newest one's text (headers and body). */
export async function mailedText(to: string): Promise<string> {
  await expect.poll(() => messagesTo(to).length, { message: `a mail to ${to}` }).toBeGreaterThan(0);
  return messagesTo(to).at(-1) ?? '';
}
