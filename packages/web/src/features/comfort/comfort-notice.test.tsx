import { expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { signIn } from '../../test/session';
import type { RoomSummary } from './comfort-api';
import { CardComfortNotice } from './comfort-notice';

const DEV = '0123456789abcdef01';
const SUMMARY = '/api/hearth/v1/homes/h1/comfort';
const OVERRIDE = `/api/hearth/v1/devs/${DEV}/htr/1/comfort/window/override`;

function show(rooms: RoomSummary[]) {
  signIn();
  let current = rooms;
  const { calls } = installFakeFetch({
    [`GET ${SUMMARY}`]: () => json({ rooms: current }),
    [`POST ${OVERRIDE}`]: () => {
      current = current.map((r) => ({ ...r, window_hold_until: null }));
      return json({ resumed: true });
    },
  });
  renderWithApp(
    <CardComfortNotice
      homeId="h1"
      room={{ devId: DEV, type: 'htr', addr: 1 }}
      name="Lounge"
      timeZone="UTC"
      units="C"
    />,
    { path: '/' },
  );
  return calls;
}

const room = (patch: Partial<RoomSummary>): RoomSummary => ({
  room: `${DEV}/htr/1`,
  optimum_start: true,
  window_detection: true,
  window_hold_until: null,
  preheating: null,
  ...patch,
});

test('a card whose room is held for an open window says until when; one tap resumes', async () => {
  const until = Date.now() + 25 * 60_000;
  const calls = show([room({ window_hold_until: until })]);
  const hh = String(new Date(until).getUTCHours()).padStart(2, '0');
  const mm = String(new Date(until).getUTCMinutes()).padStart(2, '0');
  expect(await screen.findByRole('status')).toHaveTextContent(
    `Window open: heating paused until ${hh}:${mm}`,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Resume heating in Lounge' }));
  await waitFor(() => expect(screen.queryByTestId('window-notice')).toBeNull());
  expect(
    calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url, 'http://x').pathname),
  ).toEqual([OVERRIDE]);
});

test('a room warming up ahead says for when', async () => {
  const by = Date.UTC(2099, 0, 1, 7, 0);
  show([room({ preheating: { since: Date.now(), target_c: 21, by } })]);
  expect(await screen.findByTestId('preheat-notice')).toHaveTextContent('Warming up for 07:00');
});

test('a hold that has ended, or another room held, shows nothing on this card', async () => {
  const calls = show([
    room({ window_hold_until: Date.now() - 60_000 }),
    room({ room: `${DEV}/htr/2`, window_hold_until: Date.now() + 60_000 }),
  ]);
  await waitFor(() => expect(calls.some((c) => c.url.endsWith(SUMMARY))).toBe(true));
  expect(screen.queryByTestId('window-notice')).toBeNull();
  expect(screen.queryByTestId('preheat-notice')).toBeNull();
});
