import { expect, test } from 'vitest';
import { createDemoBackend } from './demo-backend';

const HOME = '/api/hearth/v1/homes/00000000-0000-4000-8000-0000000de001';
const ROOM = '/api/hearth/v1/devs/de3000000000000001/htr/1/comfort';
const NOW = Date.parse('2026-11-29T10:00:00Z');

const backend = () => createDemoBackend({ now: () => NOW, random: () => 0.5 });
const holiday = {
  from: '2027-02-12T08:00',
  to: '2027-02-14T18:00',
  rooms: ['de3000000000000001/htr/2'],
  away_c: null,
  use_day: 0,
};

test('demo mode has one holiday planned, and a holiday is added, changed and deleted', () => {
  const demo = backend();
  const first = demo.handle('GET', `${HOME}/holidays`).body as { holidays: Array<{ id: string }> };
  expect(first.holidays).toHaveLength(1);
  const made = demo.handle('POST', `${HOME}/holidays`, holiday);
  expect(made.status).toBe(201);
  const id = (made.body as { id: string }).id;
  const changed = demo.handle('PUT', `${HOME}/holidays/${id}`, {
    ...holiday,
    use_day: null,
    away_c: 10,
  });
  expect(changed.body).toMatchObject({ id, away_c: 10, use_day: null });
  expect(demo.handle('DELETE', `${HOME}/holidays/${id}`).status).toBe(204);
  expect(demo.handle('DELETE', `${HOME}/holidays/${id}`).status).toBe(404);
  const after = demo.handle('GET', `${HOME}/holidays`).body as { holidays: unknown[] };
  expect(after.holidays).toHaveLength(1);
});

test.each([
  [{ ...holiday, to: '2027-02-11T08:00' }, 'must come after from'],
  [{ ...holiday, away_c: 12 }, 'exactly one of away_c'],
  [{ ...holiday, rooms: ['de3000000000000003/htr/1'] }, 'is not a room of this home'],
  [{ ...holiday, to: '2028-03-01T08:00' }, 'at most 366 days'],
  [{ ...holiday, from: '12/02/2027' }, 'YYYY-MM-DDTHH:mm'],
])('a refused holiday is a 400 that says why, and nothing is stored', (body, why) => {
  const demo = backend();
  const answer = demo.handle('POST', `${HOME}/holidays`, body);
  expect(answer.status).toBe(400);
  expect((answer.body as { message: string }).message).toContain(why);
  const list = demo.handle('GET', `${HOME}/holidays`).body as { holidays: unknown[] };
  expect(list.holidays).toHaveLength(1);
});

test("the taught room's settings, learning and decisions; a switch is stored", () => {
  const demo = backend();
  expect(demo.handle('GET', ROOM).body).toMatchObject({
    optimum_start: true,
    window_detection: true,
    learned: { warmups: 6, rate_k_per_h: 1.5, at_outdoor_c: 5 },
  });
  const kinds = (
    demo.handle('GET', `${ROOM}/decisions`).body as { decisions: Array<{ kind: string }> }
  ).decisions.map((d) => d.kind);
  expect(kinds).toEqual(['warmup-finished', 'warmup-started', 'window-closed', 'window-opened']);
  demo.handle('POST', ROOM, { optimum_start: false });
  expect(demo.handle('GET', ROOM).body).toMatchObject({ optimum_start: false });
  expect(demo.handle('POST', ROOM, { colour: 'red' }).status).toBe(400);
  expect(demo.handle('POST', `${ROOM}/window/override`).body).toEqual({ resumed: false });
});

test('a one-off day is added to the home summary of rooms', () => {
  const demo = backend();
  const made = demo.handle('POST', `${HOME}/one_offs`, {
    date: '2026-12-08',
    use_day: 0,
    rooms: null,
  });
  expect(made.status).toBe(201);
  const list = demo.handle('GET', `${HOME}/holidays`).body as {
    one_offs: unknown[];
    time_zone: string;
  };
  expect(list.one_offs).toHaveLength(1);
  expect(list.time_zone).toBe('Europe/Madrid');
  const summary = demo.handle('GET', `${HOME}/comfort`).body as { rooms: Array<{ room: string }> };
  expect(summary.rooms.map((r) => r.room)).toContain('de3000000000000001/htr/1');
});
