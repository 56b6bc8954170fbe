import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GRAPHIC_CONTRAST_MIN, contrastRatio } from '@hearth/protocol';
import {
  BRAND_COLOURS,
  LOAD_ORDERS,
  brandRootTokens,
  cascade,
  seenColours,
} from '../../../test/css-cascade';
import { renderWithApp } from '../../../test/render';
import { liveNode } from '../../../test/fake-devices';
import { NodeCard } from './node-card';

// Issue 25: a storage heater's charge is read from how many of its 8 segments are lit (WCAG
// 1.4.11, 3:1): the lit ones were Ionic's light green, 2:1 on the card and 1.4:1 beside the
// unlit ones.

/** The fill of a segment ("#1e7d42"). */
function fill(value: string | undefined): string {
  const hex = /#[0-9a-fA-F]{6}\b/.exec(value ?? '')?.[0];
  if (!hex) throw new Error(`no colour in "${value}"`);
  return hex.toLowerCase();
}

test('the lit segments of the charge bar pass 3:1 on the card and beside the unlit ones, in every brand', () => {
  const acm = {
    ...liveNode('Hall', 2, {
      mode: 'manual',
      stemp: '21.0',
      mtemp: '19.5',
      units: 'C',
      sync_status: 'ok',
      charge_level: 3,
    }),
    type: 'acm' as const,
  };
  renderWithApp(
    <NodeCard
      node={acm}
      homeId="h1"
      devId="d1"
      deviceConnected
      showCheckbox={false}
      selected={false}
      selectionKey="key"
      onToggle={() => undefined}
    />,
  );
  const bar = within(screen.getByRole('article', { name: 'Hall' })).getByRole('meter', {
    name: 'Charge',
  });
  const segments = [...bar.children];
  const lit = segments.find((s) => s.classList.contains('charge-bar__segment--lit'));
  const unlit = segments.find((s) => !s.classList.contains('charge-bar__segment--lit'));
  if (!lit || !unlit) throw new Error('the bar has no lit or no unlit segment');

  const failing: string[] = [];
  for (const cprimary of BRAND_COLOURS)
    for (const files of LOAD_ORDERS) {
      const c = cascade(files, brandRootTokens(cprimary));
      const level = fill(c.value(lit, 'background'));
      const seen: [string, number][] = [
        ['on the card', contrastRatio(level, seenColours(c, bar).background)],
        ['beside an unlit one', contrastRatio(level, fill(c.value(unlit, 'background')))],
      ];
      for (const [what, ratio] of seen)
        if (ratio < GRAPHIC_CONTRAST_MIN)
          failing.push(`lit segment ${what} in ${cprimary}: ${ratio.toFixed(2)}:1`);
    }
  expect([...new Set(failing)]).toEqual([]);
}, 30_000);

test('while charging only the top lit segment blinks: the ones under it hold the level in either phase', () => {
  const acm = {
    ...liveNode('Hall', 2, {
      mode: 'manual',
      stemp: '21.0',
      mtemp: '19.5',
      units: 'C',
      sync_status: 'ok',
      charge_level: 3,
      charging: true,
    }),
    type: 'acm' as const,
  };
  renderWithApp(
    <NodeCard
      node={acm}
      homeId="h1"
      devId="d1"
      deviceConnected
      showCheckbox={false}
      selected={false}
      selectionKey="key"
      onToggle={() => undefined}
    />,
  );
  const bar = screen.getByRole('meter', { name: 'Charging' });
  const lit = [...bar.children].filter((s) => s.classList.contains('charge-bar__segment--lit'));
  expect(lit.length).toBeGreaterThan(1);
  for (const files of LOAD_ORDERS) {
    const c = cascade(files, brandRootTokens(BRAND_COLOURS[0]));
    expect(lit.map((s) => c.value(s, 'animation')?.split(' ')[0] ?? 'none')).toEqual([
      ...lit.slice(1).map(() => 'none'),
      'hearth-blink',
    ]);
  }
});
