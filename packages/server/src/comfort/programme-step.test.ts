import { describe, expect, it } from 'vitest';
import {
  planStep,
  PLAN_RESEND_MS,
  readStoredPlan,
  type PlanInput,
  type StoredPlan,
} from './programme-step';

const MIN = 60_000;
const ROOM = '0123456789abcdef01/htr/2';
/** Eco (1) all day but comfort (2) from 07:00 to 22:00, every day. */
const day = Array.from({ length: 24 }, (_, h) => (h >= 7 && h < 22 ? 2 : 1));
const PROG = { prog: Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, day])) };
const AUTO = {
  mode: 'auto',
  stemp: '18.0',
  comf_temp: '21.0',
  eco_temp: '18.0',
  ice_temp: '7.0',
  units: 'C',
};
const empty = (): StoredPlan => readStoredPlan({});
/** Local wall time in Europe/Madrid (UTC+1 in winter). */
const madrid = (wall: string) => Date.parse(`${wall}:00+01:00`);

function input(over: Partial<PlanInput>): PlanInput {
  return {
    nowMs: madrid('2027-01-12T04:00'),
    roomId: ROOM,
    roomC: 18,
    status: AUTO,
    prog: PROG,
    timeZone: 'Europe/Madrid',
    holidays: [],
    oneOffs: [],
    optimumStart: false,
    outdoorC: null,
    windowHeld: false,
    ...over,
  };
}

/** Steps every `stepMin` minutes from `from` to `to` (local wall times), through JSON. */
function run(
  from: string,
  to: string,
  over: Omit<Partial<PlanInput>, 'status'> & {
    temp?: (ms: number) => number;
    status?: (ms: number) => object;
  },
  stepMin = 5,
  start: StoredPlan = empty(),
) {
  let plan = start;
  const out: Array<{ ms: number; write: unknown; kinds: string[] }> = [];
  for (let ms = madrid(from); ms <= madrid(to); ms += stepMin * MIN) {
    const { temp, status, ...rest } = over;
    const r = planStep(plan, {
      ...input(rest),
      nowMs: ms,
      ...(temp ? { roomC: temp(ms) } : {}),
      ...(status ? { status: status(ms) as Record<string, unknown> } : {}),
    });
    plan = readStoredPlan(JSON.parse(JSON.stringify({ plan: r.next })));
    if (r.write || r.decisions.length)
      out.push({ ms, write: r.write, kinds: r.decisions.map((d) => d.kind) });
  }
  return { plan, out };
}

describe('optimum start between reports', () => {
  it('starts a fixed hour early while learning, and gives the room back at the rise', () => {
    const rise = madrid('2027-01-12T07:00');
    const { out } = run('2027-01-12T04:00', '2027-01-12T07:30', {
      optimumStart: true,
      temp: (ms) =>
        ms < rise - 60 * MIN ? 18 : Math.min(21, 18 + (ms - (rise - 60 * MIN)) / (15 * MIN)),
      status: (ms) =>
        ms >= rise
          ? { ...AUTO, stemp: '21.0' }
          : ms > rise - 60 * MIN
            ? { ...AUTO, mode: 'modified_auto', stemp: '21.0' }
            : AUTO,
    });
    expect(out[0]).toEqual({
      ms: rise - 60 * MIN,
      write: { stemp: '21.0', units: 'C' },
      kinds: ['warmup-started'],
    });
    const finished = out.find((o) => o.kinds.includes('warmup-finished'));
    expect(finished?.ms).toBeLessThan(rise);
    // At the rise the device's programme has comfort itself: nothing more is sent.
    expect(out.filter((o) => o.write)).toHaveLength(1);
  });

  it('writes nothing when optimum start is off and no holiday applies', () => {
    expect(run('2027-01-12T04:00', '2027-01-12T08:00', {}).out).toEqual([]);
  });
});

describe('holidays and one-off days between reports', () => {
  const holiday = {
    id: 'h1',
    from: '2027-01-10T08:00',
    to: '2027-01-12T18:00',
    awayC: 12,
  };

  it('holds the away temperature, asks again only after a while, and gives the room back at the return', () => {
    let plan = empty();
    const step = (wall: string, status: object) => {
      const r = planStep(
        plan,
        input({ nowMs: madrid(wall), holidays: [holiday], status: status as never }),
      );
      plan = r.next;
      return r;
    };
    const first = step('2027-01-12T10:00', { ...AUTO, stemp: '21.0' });
    expect(first.write).toEqual({ stemp: '12.0', units: 'C' });
    expect(first.decisions.map((d) => d.kind)).toEqual(['holiday-started']);
    expect(first.decisions[0]?.detail).toMatchObject({ away_c: 12, to: '2027-01-12T18:00' });
    // Not shown yet: not asked again at once…
    expect(step('2027-01-12T10:01', { ...AUTO, stemp: '21.0' }).write).toBeUndefined();
    // …but after PLAN_RESEND_MS, and whenever the programme moved it.
    const later = `2027-01-12T10:${String(1 + PLAN_RESEND_MS / MIN).padStart(2, '0')}`;
    expect(step(later, { ...AUTO, stemp: '21.0' }).write).toEqual({ stemp: '12.0', units: 'C' });
    expect(
      step('2027-01-12T11:00', { ...AUTO, mode: 'modified_auto', stemp: '12.0' }).write,
    ).toBeUndefined();
    const back = step('2027-01-12T18:00', { ...AUTO, mode: 'modified_auto', stemp: '12.0' });
    expect(back.write).toEqual({ mode: 'auto' });
    expect(back.decisions.map((d) => d.kind)).toEqual(['holiday-ended']);
    expect(plan.assert).toBeNull();
  });

  it('leaves a room in manual or off alone, and a holiday of other rooms', () => {
    const manual = planStep(
      empty(),
      input({
        nowMs: madrid('2027-01-11T10:00'),
        holidays: [holiday],
        status: { ...AUTO, mode: 'manual' },
      }),
    );
    expect(manual.write).toBeUndefined();
    expect(manual.decisions[0]?.kind).toBe('holiday-started');
    const other = planStep(
      empty(),
      input({ nowMs: madrid('2027-01-11T10:00'), holidays: [{ ...holiday, rooms: ['x/htr/1'] }] }),
    );
    expect(other).toMatchObject({ write: undefined, decisions: [] });
  });

  it('runs another weekday on a one-off day where it differs from the programme', () => {
    // Sunday's programme: eco until 10:00.
    const sundayLate = {
      ...PROG,
      prog: { ...PROG.prog, '0': day.map((v, h) => (h < 10 ? 1 : v)) },
    };
    const r = planStep(
      empty(),
      input({
        nowMs: madrid('2027-01-12T08:00'),
        prog: sundayLate,
        oneOffs: [{ id: 'o1', date: '2027-01-12', useDay: 0 }],
        status: { ...AUTO, stemp: '21.0' },
      }),
    );
    expect(r.write).toEqual({ stemp: '18.0', units: 'C' });
    expect(r.decisions[0]).toMatchObject({
      kind: 'holiday-started',
      detail: { source: 'one-off' },
    });
  });

  it('writes nothing without a usable programme', () => {
    const r = planStep(
      empty(),
      input({ holidays: [holiday], nowMs: madrid('2027-01-11T10:00'), prog: { prog: {} } }),
    );
    expect(r.write).toBeUndefined();
  });
});
