import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { periodLabel } from './period-nav';

test('a records date starts with a capital and keeps the language’s case inside', () => {
  expect(periodLabel({ scope: 'day', year: 2026, month: 11, day: 27 }, 'es')).toBe(
    '27 de noviembre de 2026',
  );
  expect(periodLabel({ scope: 'month', year: 2026, month: 11 }, 'es')).toBe('Noviembre de 2026');
  expect(periodLabel({ scope: 'month', year: 2026, month: 3 }, 'ca')).toBe('Març del 2026');
  expect(periodLabel({ scope: 'month', year: 2026, month: 11 }, 'en')).toBe('November 2026');
});

test('no style capitalises every word of the date again', () => {
  // Read as written: the test environment does not load stylesheets.
  const recordsCss = readFileSync(join(__dirname, '..', 'records.css'), 'utf8');
  expect(recordsCss).toContain('.records__period');
  expect(recordsCss).not.toMatch(/text-transform:\s*capitalize/);
});
