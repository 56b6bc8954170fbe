import { z } from 'zod';
import {
  COMFORT_HOLIDAYS_MAX,
  COMFORT_ONE_OFFS_MAX,
  holidayInput,
  oneOffInput,
  type HolidayWire,
  type OneOffWire,
} from '@hearth/protocol';
import { findDevice, findHome, findNode, type DemoContext } from './demo-context';
import type { DemoHome } from './demo-model';
import { notFound, route, type DemoRequest, type DemoRoute } from './demo-router';
import { badRequest, parseBody } from './demo-validate';

const ROOM = '/api/hearth/v1/devs/:dev/:type/:addr/comfort';
const HOME = '/api/hearth/v1/homes/:gid';
const ROOM_TYPES = ['htr', 'acm', 'thm'];
/** The room the demo has taught: the Family house's living room. */
const TAUGHT_ROOM = 'de3000000000000001/htr/1';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const settingsBody = z
  .strictObject({ optimum_start: z.boolean().optional(), window_detection: z.boolean().optional() })
  .refine((b) => Object.keys(b).length > 0, {
    message: 'the body must change optimum_start or window_detection',
  });

type Holiday = HolidayWire;
type OneOff = OneOffWire;
interface RoomState {
  optimum_start: boolean;
  window_detection: boolean;
  holdUntil: number | null;
}

const wallOf = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** One decision as the server words it; the app words it from `detail`. */
function decision(id: number, at: number, kind: string, text: string, detail: object) {
  return { id, at: new Date(at).toISOString(), kind, text, detail };
}

/**
 * The comfort routes (docs/comfort.md) in demo mode: every room answers its settings, the living
 * room of the Family house has learned and decided a little, and that home has one holiday
 * planned. Nothing here runs the automation: a switch is stored, a window hold is not started.
 */
export function comfortRoutes(ctx: DemoContext): DemoRoute[] {
  const settings = new Map<string, RoomState>();
  const holidays = new Map<string, Holiday[]>();
  const oneOffs = new Map<string, OneOff[]>();
  const seeded = new Set<string>();
  let nextId = 1;

  const roomOf = (req: DemoRequest) => {
    const [devId = '', type = '', addr = ''] = req.params;
    const dev = findDevice(ctx, devId);
    const node = findNode(dev, type, addr);
    if (!ROOM_TYPES.includes(node.type))
      throw badRequest(`a ${node.type} node has no room temperature to run comfort on`);
    return `${dev.devId}/${node.type}/${node.addr}`;
  };
  const stateOf = (room: string): RoomState => {
    let s = settings.get(room);
    if (!s) {
      const taught = room === TAUGHT_ROOM;
      s = { optimum_start: taught, window_detection: taught, holdUntil: null };
      settings.set(room, s);
    }
    return s;
  };
  const homeRooms = (home: DemoHome) =>
    home.devIds.flatMap((id) => {
      const dev = ctx.world.devices.get(id);
      return (dev?.model.nodes ?? [])
        .filter((n) => ROOM_TYPES.includes(n.type))
        .map((n) => `${dev?.devId}/${n.type}/${n.addr}`);
    });
  const holdOf = (s: RoomState) =>
    s.holdUntil !== null && s.holdUntil > ctx.now() ? s.holdUntil : null;
  const present = (room: string) => {
    const s = stateOf(room);
    const hold = holdOf(s);
    return {
      optimum_start: s.optimum_start,
      window_detection: s.window_detection,
      window_hold_until: hold === null ? null : new Date(hold).toISOString(),
      learned:
        room === TAUGHT_ROOM
          ? {
              warmups: 6,
              rate_k_per_h: 1.5,
              at_outdoor_c: 5,
              text: 'Warms about 1.5 °C an hour at 5 °C outside',
            }
          : { warmups: 0, rate_k_per_h: null, at_outdoor_c: null, text: 'Still learning' },
    };
  };
  const decisions = (room: string) => {
    if (room !== TAUGHT_ROOM) return [];
    // This morning at 07:00 (UTC, near enough for a demo), and yesterday's airing.
    const by = Math.floor(ctx.now() / DAY_MS) * DAY_MS + 7 * HOUR_MS;
    const shown = by > ctx.now() ? by - DAY_MS : by;
    const start = shown - 48 * 60_000;
    const reached = shown - 3 * 60_000;
    const aired = shown - 12 * HOUR_MS;
    return [
      decision(4, reached, 'warmup-finished', 'Reached 21.0 °C', {
        reached_ms: reached,
        target_c: 21,
        by_ms: shown,
      }),
      decision(3, start, 'warmup-started', 'Started to reach 21.0 °C', {
        start_ms: start,
        target_c: 21,
        by_ms: shown,
      }),
      decision(2, aired + 14 * 60_000, 'window-closed', 'Heating resumed', { why: 'recovered' }),
      decision(1, aired, 'window-opened', 'Window open', { reason: 'slope', slopeKPerH: -11 }),
    ];
  };
  const homeOf = (req: DemoRequest) => findHome(ctx, req.params[0] ?? '');
  const listOf = <T>(map: Map<string, T[]>, home: DemoHome): T[] => {
    let list = map.get(home.id);
    if (!list) {
      list = [];
      map.set(home.id, list);
    }
    return list;
  };
  const holidaysOf = (home: DemoHome) => {
    const list = listOf(holidays, home);
    if (!seeded.has(home.id) && home === ctx.world.homes[0]) {
      // One holiday planned a fortnight ahead, so the screen has something to show.
      const from = Math.floor(ctx.now() / DAY_MS + 14) * DAY_MS + 8 * HOUR_MS;
      list.push({
        id: `h${nextId++}`,
        from: wallOf(from),
        to: wallOf(from + 9 * DAY_MS + 10 * HOUR_MS),
        rooms: null,
        away_c: 12,
        use_day: null,
      });
    }
    seeded.add(home.id);
    return list;
  };
  const checkRooms = (home: DemoHome, chosen: string[] | null) => {
    if (chosen === null) return;
    const known = new Set(homeRooms(home));
    const unknown = chosen.find((r) => !known.has(r));
    if (unknown !== undefined) throw badRequest(`rooms: ${unknown} is not a room of this home`);
  };
  // The protocol's schema checks the wall times, their order and the length, as the server's.
  const checkHoliday = (home: DemoHome, body: unknown) => {
    const h = parseBody(holidayInput, body);
    checkRooms(home, h.rooms);
    return h;
  };
  const find = <T extends { id: string }>(list: T[], id: string, what: string) => {
    const i = list.findIndex((x) => x.id === id);
    if (i < 0) throw notFound(what);
    return i;
  };

  return [
    route('GET', ROOM, (req) => present(roomOf(req))),
    route('POST', ROOM, (req) => {
      const room = roomOf(req);
      const body = parseBody(settingsBody, req.body);
      const s = stateOf(room);
      if (body.optimum_start !== undefined) s.optimum_start = body.optimum_start;
      if (body.window_detection !== undefined) s.window_detection = body.window_detection;
      return present(room);
    }),
    route('GET', `${ROOM}/decisions`, (req) => ({ decisions: decisions(roomOf(req)) })),
    route('POST', `${ROOM}/window/override`, (req) => {
      const s = stateOf(roomOf(req));
      const resumed = holdOf(s) !== null;
      s.holdUntil = null;
      return { resumed };
    }),
    route('GET', `${HOME}/comfort`, (req) => ({
      rooms: homeRooms(homeOf(req)).map((room) => {
        const s = stateOf(room);
        return {
          room,
          optimum_start: s.optimum_start,
          window_detection: s.window_detection,
          window_hold_until: holdOf(s),
          preheating: null,
        };
      }),
    })),
    route('GET', `${HOME}/holidays`, (req) => {
      const home = homeOf(req);
      return {
        time_zone: String(home.geo.tz_code ?? 'UTC'),
        holidays: holidaysOf(home),
        one_offs: listOf(oneOffs, home),
      };
    }),
    route(
      'POST',
      `${HOME}/holidays`,
      (req) => {
        const home = homeOf(req);
        const list = holidaysOf(home);
        const body = checkHoliday(home, req.body);
        if (list.length >= COMFORT_HOLIDAYS_MAX)
          throw badRequest(`a home has at most ${COMFORT_HOLIDAYS_MAX} holidays`);
        const made = { ...body, id: `h${nextId++}` };
        list.push(made);
        return made;
      },
      201,
    ),
    route('PUT', `${HOME}/holidays/:id`, (req) => {
      const home = homeOf(req);
      const list = holidaysOf(home);
      const i = find(list, req.params[1] ?? '', 'holiday');
      const made = { ...checkHoliday(home, req.body), id: list[i]?.id ?? '' };
      list[i] = made;
      return made;
    }),
    route(
      'DELETE',
      `${HOME}/holidays/:id`,
      (req) => {
        const list = holidaysOf(homeOf(req));
        list.splice(find(list, req.params[1] ?? '', 'holiday'), 1);
        return null;
      },
      204,
    ),
    route(
      'POST',
      `${HOME}/one_offs`,
      (req) => {
        const home = homeOf(req);
        const list = listOf(oneOffs, home);
        const body = parseBody(oneOffInput, req.body);
        checkRooms(home, body.rooms);
        if (list.length >= COMFORT_ONE_OFFS_MAX)
          throw badRequest(`a home has at most ${COMFORT_ONE_OFFS_MAX} one-off days`);
        const made = { ...body, id: `o${nextId++}` };
        list.push(made);
        return made;
      },
      201,
    ),
    route(
      'DELETE',
      `${HOME}/one_offs/:id`,
      (req) => {
        const list = listOf(oneOffs, homeOf(req));
        list.splice(find(list, req.params[1] ?? '', 'one-off day'), 1);
        return null;
      },
      204,
    ),
  ];
}
