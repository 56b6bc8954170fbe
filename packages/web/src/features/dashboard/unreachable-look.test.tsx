import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import {
  GATEWAY_REPORT_INTERVAL_MS,
  TEXT_CONTRAST_MIN,
  contrastRatio,
  type GroupedHome,
} from '@hearth/protocol';
import {
  appStylesheets,
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

// Issue 25: while the server is not reached, a gateway is disconnected or a node is lost, the
// cards say so in words and stay readable: every text at WCAG AA (4.5:1) in every brand. The
// whole page used to be greyed with opacity 0.6, which took its text below AA.

/** The class the app shell's connection banner puts on <body> while the server is not reached. */
const SERVER_NOT_REACHED_CLASS = 'hearth-offline';

/** The bundled brands' colours: Hearth and Calora (a card's text does not take the brand's). */
const BUNDLED_BRAND_COLOURS = ['#c9430e', '#0f7c8c'] as const;

const G1 = '0123456789abcdef01';
const G2 = '0123456789abcdef02';
const live = { mode: 'manual', mtemp: '19.5', stemp: '21.0', units: 'C' } as const;

beforeEach(() => {
  signIn();
  useConnectionStore.setState({ sockets: {}, reachable: true });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.classList.remove(SERVER_NOT_REACHED_CLASS);
});

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hex = (c: Rgb) =>
  `#${c
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * The contrast a person sees once the effects of the element and its ancestors are applied:
 * an opacity blends both the text and the background painted inside it with the page under it
 * (white), and a grayscale filter takes their colour (Chromium's sRGB matrix).
 */
function contrastThroughEffects(c: Cascade, element: Element): number {
  const { text, background } = seenColours(c, element);
  let alpha = 1;
  let grey = false;
  for (let e: Element | null = element; e; e = e.parentElement) {
    const opacity = Number(c.value(e, 'opacity') ?? '1');
    if (Number.isFinite(opacity)) alpha *= opacity;
    if (/grayscale\(\s*(1|100%)?\s*\)/.test(c.value(e, 'filter') ?? '')) grey = true;
  }
  const seen = (colour: string): string => {
    let [r, g, b] = rgb(colour);
    if (grey) r = g = b = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    return hex([r, g, b].map((v) => alpha * v + (1 - alpha) * 255) as Rgb);
  };
  return contrastRatio(seen(text), seen(background));
}

/** The cascade, each element's values computed once (the same ancestors are asked again). */
function remembered(c: Cascade): Cascade {
  const known = new Map<Element, Map<string, string | undefined>>();
  return {
    value: (element, property) => {
      let values = known.get(element);
      if (!values) known.set(element, (values = new Map()));
      if (!values.has(property)) values.set(property, c.value(element, property));
      return values.get(property);
    },
  };
}

/** Every element that holds text of its own (icons' drawings left out). */
function textElements(root: Element): Element[] {
  const out = new Set<Element>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (n.textContent?.trim() && n.parentElement && !n.parentElement.closest('svg'))
      out.add(n.parentElement);
  return [...out];
}

test('cards of a server not reached, a disconnected gateway and a lost node say so and keep AA in every brand', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const casa: GroupedHome = home('h1', 'Casa', [G1, G2]);
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([casa]),
    [`GET /api/v2/devs/${G1}/mgr/nodes`]: () =>
      json({ nodes: [mgrNode('Living room', 1), mgrNode('Hall', 2), mgrNode('Study', 3)] }),
    [`GET /api/v2/devs/${G2}/mgr/nodes`]: () => json({ nodes: [mgrNode('Kitchen', 1)] }),
  });
  const sockets = fakeSockets();
  const { container } = renderWithApp(<DashboardPage />, { connectDevice: sockets.connect });
  // Where the app's router draws its pages, which the app shell's rules address.
  const outlet = document.createElement('ion-router-outlet');
  document.body.append(outlet);
  outlet.append(container);

  await screen.findByRole('region', { name: 'Gateway 2' });
  act(() => {
    sockets.seed(
      G1,
      devData([
        liveNode('Living room', 1, live),
        { ...liveNode('Hall', 2, live), lost: true },
        liveNode('Study', 3, { ...live, mode: 'off' }),
      ]),
    );
    sockets.seed(G2, devData([liveNode('Kitchen', 1, live)], { connected: false }));
  });
  const g1 = screen.getByRole('region', { name: 'Gateway 1' });
  const g2 = screen.getByRole('region', { name: 'Gateway 2' });
  // A disconnected gateway and a lost node say so in words.
  await vi.waitFor(() =>
    expect(within(g2).getByRole('status')).toHaveTextContent('Device disconnected'),
  );
  expect(within(g2).getByTestId('node-stemp')).toHaveTextContent('Offline');
  const hall = within(g1).getByRole('article', { name: 'Hall' });
  expect(within(hall).getByTestId('node-stemp')).toHaveTextContent('Offline');
  expect(within(hall).getByRole('img', { name: 'Lost node' })).toBeInTheDocument();

  // The server is not reached for longer than a report interval: the app shell marks the page
  // and the gateway's values turn stale, their age said in words.
  document.body.classList.add(SERVER_NOT_REACHED_CLASS);
  act(() => sockets.device(G1).onStatus('unreachable'));
  await act(async () => vi.advanceTimersByTimeAsync(GATEWAY_REPORT_INTERVAL_MS + 5_000));
  expect(within(g1).getByTestId('data-age')).toHaveTextContent(/^Updated 3\d seconds ago$/);

  const texts = [...textElements(g1), ...textElements(g2)];
  expect(texts.length).toBeGreaterThan(15);
  for (const colour of BUNDLED_BRAND_COLOURS) {
    const seen = remembered(cascade(appStylesheets(), brandRootTokens(colour)));
    const failing = texts
      .map((e) => ({ text: e.textContent, ratio: contrastThroughEffects(seen, e) }))
      .filter((f) => f.ratio < TEXT_CONTRAST_MIN)
      .map((f) => `${f.text} ${f.ratio.toFixed(2)}:1`);
    expect(failing, `brand colour ${colour}`).toEqual([]);
  }
  outlet.remove();
}, 30_000);
