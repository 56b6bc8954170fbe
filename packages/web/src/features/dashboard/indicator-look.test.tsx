import { beforeEach, expect, test } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { CONTROL_CONTRAST_MIN, GRAPHIC_CONTRAST_MIN, contrastRatio } from '@hearth/protocol';
import {
  BRAND_COLOURS,
  LOAD_ORDERS,
  brandRootTokens,
  cascade,
  seenColours,
  type Cascade,
} from '../../test/css-cascade';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { devData, fakeSockets, home, liveNode, mgrNode } from '../../test/fake-devices';
import { renderWithApp } from '../../test/render';
import { signIn } from '../../test/session';
import { useConnectionStore } from '../../lib/socket/connection-store';
import { DashboardPage } from './dashboard-page';

// Issue 25: what tells a person the state of the dashboard is seen in every brand (WCAG
// 1.4.11, 3:1 on what it sits on): the status icons of a card (heating, presence …) were
// Ionic's amber at 2:1 on white; the chosen home's outline and the chosen tab's underline were
// the brand colour itself, 1.8:1 in the demo's yellow.

beforeEach(() => {
  signIn();
  useConnectionStore.setState({ sockets: {}, reachable: true });
});

/** The colour in a border or outline declaration ("2px solid #bd8a19"). */
function lineColour(value: string | undefined): string {
  const hex = /#[0-9a-fA-F]{6}\b/.exec(value ?? '')?.[0];
  if (!hex) throw new Error(`no colour in "${value}"`);
  return hex.toLowerCase();
}

const on = (c: Cascade, element: Element, colour: string) =>
  contrastRatio(colour, seenColours(c, element).background);

test("the status icons, the chosen home's outline and the chosen tab's underline pass 3:1 in every brand", async () => {
  installFakeFetch({
    'GET /api/v2/grouped_devs': () =>
      json([home('h1', 'Casa', ['dev1']), home('h2', 'Flat', ['dev2'])]),
    'GET /api/v2/devs/dev1/mgr/nodes': () =>
      json({ nodes: [mgrNode('Lounge', 1), mgrNode('Meter', 5, 'pmo')] }),
    'GET /api/v2/devs/dev2/mgr/nodes': () => json({ nodes: [mgrNode('Hall', 1)] }),
  });
  const sockets = fakeSockets();
  renderWithApp(<DashboardPage />, { path: '/?homeIndex=0', connectDevice: sockets.connect });
  const lounge = await screen.findByRole('article', { name: 'Lounge' });
  act(() =>
    sockets.seed(
      'dev1',
      devData([
        liveNode('Lounge', 1, {
          mode: 'manual',
          mtemp: '19.5',
          stemp: '21.0',
          units: 'C',
          active: true,
          presence: true,
        }),
      ]),
    ),
  );
  const icons = await within(lounge).findByRole('list', { name: 'Status' });
  expect(
    within(icons)
      .getAllByRole('listitem')
      .map((li) => li.dataset.indicator),
  ).toEqual(['heating', 'presence']);
  const chosenHome = within(screen.getByTestId('home-carousel')).getByRole('button', {
    name: 'Casa',
  });
  expect(chosenHome).toHaveAttribute('aria-current', 'true');
  const chosenTab = screen.getByRole('tab', { name: 'Heaters (1)' });
  expect(chosenTab).toHaveAttribute('aria-selected', 'true');

  const failing: string[] = [];
  for (const cprimary of BRAND_COLOURS)
    for (const files of LOAD_ORDERS) {
      const c = cascade(files, brandRootTokens(cprimary));
      const seen: [string, number, number][] = [
        ['status icons', on(c, icons, seenColours(c, icons).text), GRAPHIC_CONTRAST_MIN],
        [
          'chosen home',
          on(c, chosenHome, lineColour(c.value(chosenHome, 'border'))),
          CONTROL_CONTRAST_MIN,
        ],
        [
          'chosen tab',
          on(c, chosenTab, lineColour(c.value(chosenTab, 'border-bottom-color'))),
          CONTROL_CONTRAST_MIN,
        ],
      ];
      for (const [what, ratio, min] of seen)
        if (ratio < min) failing.push(`${what} in ${cprimary}: ${ratio.toFixed(2)}:1`);
    }
  expect([...new Set(failing)]).toEqual([]);
}, 30_000);
