import { beforeEach, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMFORT, HOME, json, openComfort } from './comfort-test-kit';
import type { Decision, RoomComfort } from './comfort-api';
import { RoomComfortPage } from './room-comfort-page';

const PATTERN = '/homes/:homeId/devs/:devId/:nodeType/:addr/comfort';
const PATH = '/homes/h1/devs/0123456789abcdef01/htr/1/comfort';

let settings: RoomComfort;
let decisions: Decision[];
let holdUntil: string | null;

beforeEach(() => {
  holdUntil = null;
  settings = {
    optimum_start: false,
    window_detection: true,
    window_hold_until: null,
    learned: { warmups: 4, rate_k_per_h: 1.5, at_outdoor_c: 5, text: 'Warms…' },
  };
  const morning = Date.parse('2026-11-29T06:00:00Z');
  decisions = [
    {
      id: 2,
      at: new Date(morning - 180_000).toISOString(),
      kind: 'warmup-finished',
      text: 'Reached',
      detail: { reached_ms: morning - 180_000, target_c: 21, by_ms: morning },
    },
    {
      id: 1,
      at: new Date(morning - 48 * 60_000).toISOString(),
      kind: 'warmup-started',
      text: 'Started',
      detail: { start_ms: morning - 48 * 60_000, target_c: 21, by_ms: morning },
    },
  ];
});

function open(options?: { owner?: boolean; units?: 'C' | 'F' }) {
  return openComfort(
    PATTERN,
    <RoomComfortPage />,
    PATH,
    {
      [`GET ${COMFORT}`]: () => json({ ...settings, window_hold_until: holdUntil }),
      [`POST ${COMFORT}`]: (call) => {
        settings = { ...settings, ...(JSON.parse(call.body ?? '{}') as Partial<RoomComfort>) };
        return json(settings);
      },
      [`GET ${COMFORT}/decisions`]: () => json({ decisions }),
      [`POST ${COMFORT}/window/override`]: () => {
        holdUntil = null;
        return json({ resumed: true });
      },
      [`GET ${HOME}/comfort`]: () => json({ rooms: [] }),
    },
    options,
  );
}

test('the owner switches optimum start on: the room is told, and the switch shows it', async () => {
  const { writes, seed } = open();
  await seed();
  const optimum = await screen.findByRole('switch', { name: 'Optimum start' });
  expect(optimum).not.toBeChecked();
  expect(screen.getByRole('switch', { name: 'Open-window detection' })).toBeChecked();
  await userEvent.click(optimum);
  await waitFor(() => expect(optimum).toBeChecked());
  expect(writes().map((c) => [c.method, c.body])).toEqual([['POST', '{"optimum_start":true}']]);
});

test('someone the home is shared with reads the switches but cannot change them', async () => {
  const { writes, seed } = open({ owner: false });
  await seed();
  const optimum = await screen.findByRole('switch', { name: 'Optimum start' });
  expect(optimum).toBeDisabled();
  expect(screen.getByRole('switch', { name: 'Open-window detection' })).toBeDisabled();
  expect(screen.getByText("Only the home's owner can change these.")).toBeVisible();
  expect(writes()).toEqual([]);
});

test('what the room learned and decided is said in words, in the home zone', async () => {
  const { seed } = open();
  await seed();
  expect(await screen.findByTestId('comfort-learned-text')).toHaveTextContent(
    'Warms about 1.5 °C an hour at 5.0 °C outside. Learned from 4 warm-ups.',
  );
  expect(
    await screen.findByText('Started 06:12 to reach 21.0 °C by 07:00; reached 06:57'),
  ).toBeVisible();
});

test('temperatures follow the room units', async () => {
  const { seed } = open({ units: 'F' });
  await seed();
  expect(
    await screen.findByText('Started 06:12 to reach 69.8 °F by 07:00; reached 06:57'),
  ).toBeVisible();
});

test('a window hold shows until when, and one tap resumes heating', async () => {
  holdUntil = new Date(Date.now() + 20 * 60_000).toISOString();
  const { writes, seed } = open({ owner: false });
  await seed();
  const notice = await screen.findByTestId('window-notice');
  expect(notice).toHaveTextContent(/^Window open: heating paused until \d\d:\d\d/);
  await userEvent.click(screen.getByRole('button', { name: 'Resume heating' }));
  await waitFor(() => expect(screen.queryByTestId('window-notice')).toBeNull());
  expect(writes().map((c) => c.url)).toEqual([expect.stringContaining('/comfort/window/override')]);
});

test('a room that could not be read says so and offers to retry', async () => {
  openComfort(PATTERN, <RoomComfortPage />, PATH, {
    [`GET ${COMFORT}`]: () => json({ message: 'boom', statusCode: 500, error: 'internal' }, 500),
    [`GET ${COMFORT}/decisions`]: () => json({ decisions: [] }),
  });
  expect(await screen.findByTestId('comfort-failed')).toHaveTextContent(
    "This room's comfort settings could not be loaded.",
  );
  expect(screen.queryByRole('switch')).toBeNull();
});
