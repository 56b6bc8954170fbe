import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  CONTROL_CONTRAST_MIN,
  TEXT_CONTRAST_MIN,
  contrastRatio,
  type NodeStatus,
} from '@hearth/protocol';
import {
  BRAND_COLOURS,
  LOAD_ORDERS,
  brandRootTokens,
  cascade,
  seenColours,
  type Cascade,
} from '../../test/css-cascade';
import { liveNode } from '../../test/fake-devices';
import { signIn } from '../../test/session';
import { open } from './test-harness';

// Issue 25: on a heater's page, the borders that say "this is a control" and the fills and rings
// that say which mode and which heater are chosen were the brand colour itself, 1.8:1 on white
// in the demo's yellow (WCAG 1.4.11 asks 3:1); text on a brand fill keeps 4.5:1.

beforeEach(() => signIn());

/** The colour in a border declaration ("2px solid #bd8a19"). */
function lineColour(value: string | undefined): string {
  const hex = /#[0-9a-fA-F]{6}\b/.exec(value ?? '')?.[0];
  if (!hex) throw new Error(`no colour in "${value}"`);
  return hex.toLowerCase();
}

/** The border colour of an element, from `border-color` or else its `border`. */
const borderOf = (c: Cascade, element: Element) =>
  lineColour(c.value(element, 'border-color') ?? c.value(element, 'border'));

/** What is under an element, from its parent (its own fill is what is drawn on it). */
const page = (c: Cascade, element: Element) =>
  seenColours(c, element.parentElement ?? element).background;

/** An element of a state the page shows only after some steps, built with the page's classes. */
function built(html: string, selector: string): Element {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  const element = holder.querySelector(selector);
  if (!element) throw new Error(selector);
  return element;
}

const manual: NodeStatus = {
  mode: 'manual',
  stemp: '21.0',
  mtemp: '19.0',
  units: 'C',
  sync_status: 'ok',
};

test('the modes, the chosen mode and heater, the steps and the switch are seen at 3:1 and their text at 4.5:1 in every brand', async () => {
  const { sockets, seed } = open([liveNode('Lounge', 1, manual), liveNode('Hall', 2, manual)]);
  await waitFor(() => expect(sockets.open.size).toBe(1));
  seed();
  const modes = await screen.findByRole('group', { name: 'Mode' });
  const chosenMode = within(modes).getByRole('button', { pressed: true });
  const otherMode = within(modes).getAllByRole('button', { pressed: false })[0]!;
  const heaters = screen.getByRole('navigation', { name: 'Heaters of the home' });
  const chosenHeater = within(heaters).getByRole('button', { name: 'Lounge' });
  expect(chosenHeater).toHaveAttribute('aria-current', 'page');
  const otherHeater = within(heaters).getByRole('button', { name: 'Hall' });
  const step = screen.getByRole('button', { name: 'Raise temperature' });
  const switchOn = built(
    '<div class="timer-control"><button class="timer-control__switch timer-control__switch--on"></button></div>',
    'button',
  );
  const accept = built(
    '<div class="boost-dialog"><div class="boost-dialog__actions"><button class="primary">OK</button></div></div>',
    'button',
  );

  const failing: string[] = [];
  for (const cprimary of BRAND_COLOURS)
    for (const files of LOAD_ORDERS) {
      const c = cascade(files, brandRootTokens(cprimary));
      const on = (element: Element, colour: string) => contrastRatio(colour, page(c, element));
      const text = (element: Element) => {
        const seen = seenColours(c, element);
        return contrastRatio(seen.text, seen.background);
      };
      const seen: [string, number, number][] = [
        ['a mode', on(otherMode, borderOf(c, otherMode)), CONTROL_CONTRAST_MIN],
        ['the chosen mode', on(chosenMode, borderOf(c, chosenMode)), CONTROL_CONTRAST_MIN],
        ["the chosen mode's text", text(chosenMode), TEXT_CONTRAST_MIN],
        ['a heater', on(otherHeater, borderOf(c, otherHeater)), CONTROL_CONTRAST_MIN],
        ['the chosen heater', on(chosenHeater, borderOf(c, chosenHeater)), CONTROL_CONTRAST_MIN],
        ["the chosen heater's text", text(chosenHeater), TEXT_CONTRAST_MIN],
        ['a step', on(step, borderOf(c, step)), CONTROL_CONTRAST_MIN],
        [
          'the switch on',
          on(switchOn, lineColour(c.value(switchOn, 'background'))),
          CONTROL_CONTRAST_MIN,
        ],
        ["the boost's accept", on(accept, borderOf(c, accept)), CONTROL_CONTRAST_MIN],
        ["the boost's accept text", text(accept), TEXT_CONTRAST_MIN],
      ];
      for (const [what, ratio, min] of seen)
        if (ratio < min) failing.push(`${what} in ${cprimary}: ${ratio.toFixed(2)}:1`);
    }
  expect([...new Set(failing)]).toEqual([]);
}, 30_000);
