import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Read as written: the test environment does not load stylesheets.
const homesCss = readFileSync(join(__dirname, 'homes.css'), 'utf8');

/** The rule of one selector in the stylesheet, as written. */
const ruleOf = (selector: string) =>
  new RegExp(`${selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(
    homesCss,
  )?.[1] ?? '';

test('the home option tabs wrap instead of scrolling the chosen one out of sight', () => {
  const row = ruleOf('.home-carousel');
  expect(row).toMatch(/flex-wrap:\s*wrap/);
  expect(row).not.toMatch(/overflow-x:\s*auto/);
  // No tab is given a width that forces four of them past a phone's width.
  expect(ruleOf('.home-carousel a')).not.toMatch(/flex:\s*1 0 30%/);
});
