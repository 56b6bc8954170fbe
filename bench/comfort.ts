// `npm run bench:comfort`: optimum start, open-window detection and holidays judged over a
// simulated month for each heater kind (bench/README.md). No timings: figures of comfort and
// energy from a deterministic simulation (same seed, same month).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  explainLearned,
  explainWarmup,
  formatDecisionEn,
  formatLearnedEn,
  programmeResolver,
} from '@hearth/comfort';
import {
  HEATER_KINDS,
  HEATER_KIND_PARAMS,
  defaultProg,
  parseOutdoorCsv,
  roomLife,
  winterTrace,
} from '@hearth/device-model';
import { zoneOffsetMs, zonedWallToMs } from '@hearth/protocol';
import { runRoom, type RoomRun, type RoomRunSpec } from './comfort-run';
import { percentile, report, type Row } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    start: { type: 'string', default: '2027-03-01' },
    days: { type: 'string', default: '31' },
    rooms: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
    tz: { type: 'string', default: 'Europe/Paris' },
    learning: { type: 'string', default: '7' },
    outdoor: { type: 'string' },
  },
});
const DAY_MS = 86_400_000;
const TEMPS = { comfortC: 21, ecoC: 17, iceC: 7 };
const AWAY_C = 15;
// A morning whose room is already within 0.5 K of comfort has no warm-up to judge.
const COMFORT_GAP_MIN_K = 0.5;
const RETURN_HOURS = [10, 14, 18, 20];
const days = Number(args.days);
const roomsPerKind = Number(args.rooms);
const seed = Number(args.seed);
const learningDays = Number(args.learning);
const timeZone = args.tz;
const [y, n, d] = args.start.split('-').map(Number) as [number, number, number];
if (![y, n, d, days, roomsPerKind, seed, learningDays].every(Number.isFinite)) {
  throw new Error(
    'bench:comfort: --start YYYY-MM-DD, --days, --rooms, --seed and --learning take numbers',
  );
}
const startMs = zonedWallToMs({ y, n, d, h: 0, m: 0 }, timeZone);
const endMs = startMs + days * DAY_MS;
const localDate = (offsetDays: number): string =>
  new Date(Date.UTC(y, n - 1, d + offsetDays)).toISOString().slice(0, 10);
// The holiday returns on the day the clocks change, when the run crosses one (else on day 27).
const noon = (offsetDays: number): number => startMs + offsetDays * DAY_MS + DAY_MS / 2;
const returnDay =
  Array.from({ length: days }, (_, k) => k).find(
    (k) =>
      k > learningDays + 4 &&
      zoneOffsetMs(noon(k), timeZone) !== zoneOffsetMs(noon(k - 1), timeZone),
  ) ?? Math.min(27, days - 2);
const clocksChange =
  zoneOffsetMs(noon(returnDay), timeZone) !== zoneOffsetMs(noon(returnDay - 1), timeZone);
const outdoor = args.outdoor
  ? parseOutdoorCsv(readFileSync(args.outdoor, 'utf8'))
  : winterTrace(seed, startMs - DAY_MS, days + 2);

const fmt = (v: number, digits = 0): string => (Number.isFinite(v) ? v.toFixed(digits) : '—');
const pct = (part: number, whole: number): string =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(0)} %`;
const late = (v: number | null): number => v ?? Number.POSITIVE_INFINITY;

function hhmmLocal(ms: number): string {
  const t = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
  return t.format(new Date(ms));
}

const optimumRows: Row[] = [];
const windowRows: Row[] = [];
const holidayRows: Row[] = [];
const notes: string[] = [];

for (const kind of HEATER_KINDS) {
  const morningLateness: number[] = [];
  const holidayLateness: number[] = [];
  let learnedEnergy = 0;
  let oracleEnergy = 0;
  let detectedEnergy = 0;
  let undetectedEnergy = 0;
  let maxLeadMin = 0;
  let cappedMornings = 0;
  const oracleMornings: number[] = [];
  let spoiledMornings = 0;
  let earliestClock = '—';
  const delays: number[] = [];
  let missed = 0;
  let airings = 0;
  let falseAlarms = 0;
  let sample: { learned: RoomRun; spec: RoomRunSpec } | null = null;

  for (let r = 0; r < roomsPerKind; r += 1) {
    const roomSeed = seed * 1000 + HEATER_KINDS.indexOf(kind) * 100 + r;
    const roomId = `${kind}-${r}`;
    const holiday = {
      from: `${localDate(returnDay - 4)}T09:00`,
      to: `${localDate(returnDay)}T${String(RETURN_HOURS[r % RETURN_HOURS.length]).padStart(2, '0')}:00`,
      awayC: AWAY_C,
    };
    const resolver = programmeResolver({
      programme: defaultProg(),
      temperatures: TEMPS,
      timeZone,
      holidays: [holiday],
    });
    // Nobody airs a room or warms it while the home is away.
    const wall = (text: string): number => {
      const [date = '', time = ''] = text.split('T');
      const [yy = 0, mm = 1, dd = 1] = date.split('-').map(Number);
      const [h = 0, m = 0] = time.split(':').map(Number);
      return zonedWallToMs({ y: yy, n: mm, d: dd, h, m }, timeZone);
    };
    const away = [{ fromMs: wall(holiday.from), toMs: wall(holiday.to) }];
    const spec: RoomRunSpec = {
      kind,
      seed: roomSeed,
      roomId,
      startMs,
      endMs,
      outdoor,
      life: roomLife(roomSeed, startMs, days, timeZone, away),
      resolver,
      iceC: TEMPS.iceC,
    };
    const learned = runRoom(spec, 'learned');
    const oracle = runRoom(spec, 'oracle');
    const undetected = runRoom(spec, 'no-detection');
    if (r === 0) sample = { learned, spec };

    const fromDay = (run: RoomRun): number =>
      run.fullLoadHours - (run.energyByDay[learningDays] ?? 0);
    learnedEnergy += fromDay(learned);
    oracleEnergy += fromDay(oracle);
    detectedEnergy += learned.fullLoadHours;
    undetectedEnergy += undetected.fullLoadHours;

    const oracleDays = new Set<string>();
    for (const o of oracle.rises) {
      const date = new Date(o.rise.atMs).toISOString().slice(0, 10);
      const first = !oracleDays.has(date);
      oracleDays.add(date);
      const day = Math.floor((o.rise.atMs - startMs) / DAY_MS);
      if (o.rise.fromC !== AWAY_C && first && day >= learningDays && o.gapK > COMFORT_GAP_MIN_K) {
        oracleMornings.push(late(o.latenessMin));
      }
    }
    const seenDays = new Set<string>();
    for (const o of learned.rises) {
      if (o.rise.fromC === AWAY_C) {
        holidayLateness.push(late(o.latenessMin));
        continue;
      }
      const day = Math.floor((o.rise.atMs - startMs) / DAY_MS);
      const date = new Date(o.rise.atMs).toISOString().slice(0, 10);
      const first = !seenDays.has(date);
      seenDays.add(date);
      if (first && day >= learningDays && o.gapK > COMFORT_GAP_MIN_K) {
        morningLateness.push(late(o.latenessMin));
        const warmup = learned.warmups.find((w) => w.riseAtMs === o.rise.atMs);
        if (warmup?.basis === 'capped') cappedMornings += 1;
        if (!learned.warmups.some((w) => w.riseAtMs === o.rise.atMs && w.learned))
          spoiledMornings += 1;
      }
    }
    for (const w of learned.warmups) {
      const lead = (w.riseAtMs - w.startedMs) / 60_000;
      if (lead > maxLeadMin) {
        maxLeadMin = lead;
        earliestClock = `${hhmmLocal(w.startedMs)} for ${hhmmLocal(w.riseAtMs)}`;
      }
    }
    for (const w of spec.life.windows) {
      airings += 1;
      const hit = learned.detections.find((t) => t >= w.fromMs && t <= w.toMs + 5 * 60_000);
      if (hit === undefined) missed += 1;
      else delays.push((hit - w.fromMs) / 60_000);
    }
    falseAlarms += learned.detections.filter(
      (t) => !spec.life.windows.some((w) => t >= w.fromMs && t <= w.toMs + 5 * 60_000),
    ).length;
  }

  const within10 = morningLateness.filter((v) => Math.abs(v) <= 10).length;
  optimumRows.push({
    kind: HEATER_KIND_PARAMS[kind].label,
    mornings: morningLateness.length,
    'lateness median (min)': fmt(percentile(morningLateness, 50)),
    'p90 (min)': fmt(percentile(morningLateness, 90)),
    'within ±10 min': pct(within10, morningLateness.length),
    'energy vs perfect': `${learnedEnergy >= oracleEnergy ? '+' : ''}${fmt((100 * (learnedEnergy - oracleEnergy)) / oracleEnergy, 1)} %`,
    'earliest start': `${fmt(maxLeadMin)} min early (${earliestClock})`,
    'perfect knowledge within ±10': pct(
      oracleMornings.filter((v) => Math.abs(v) <= 10).length,
      oracleMornings.length,
    ),
    'held to 3 h': cappedMornings,
    'not learned (window, never reached)': spoiledMornings,
  });
  const weeks = (days / 7) * roomsPerKind;
  windowRows.push({
    kind: HEATER_KIND_PARAMS[kind].label,
    airings,
    'delay median (min)': fmt(percentile(delays, 50)),
    'p90 (min)': fmt(percentile(delays, 90)),
    'within 5 min': pct(delays.filter((v) => v <= 5).length, airings),
    missed,
    'false alarms / room / week': fmt(falseAlarms / weeks, 2),
    'energy saved': `${fmt((100 * (undetectedEnergy - detectedEnergy)) / undetectedEnergy, 1)} %`,
  });
  holidayRows.push({
    kind: HEATER_KIND_PARAMS[kind].label,
    returns: holidayLateness.length,
    'lateness (min)': holidayLateness.map((v) => fmt(v)).join(', '),
    'within ±15 min': pct(
      holidayLateness.filter((v) => Math.abs(v) <= 15).length,
      holidayLateness.length,
    ),
  });
  if (sample) {
    const last = sample.learned.warmups[sample.learned.warmups.length - 1];
    notes.push(
      `- ${HEATER_KIND_PARAMS[kind].label}, room 0: ${formatLearnedEn(explainLearned(sample.learned.state, 5))}.` +
        (last ? ` Last decision: ${formatDecisionEn(explainWarmup(last), timeZone)}.` : ''),
    );
  }
}

report(
  'comfort',
  'Comfort that thinks ahead: a simulated month per heater kind',
  [
    {
      heading: `Optimum start (mornings after ${learningDays} learning days; at comfort = set point − 0.5 °C)`,
      rows: optimumRows,
      note: 'Targets: ≥ 90 % of mornings within ±10 min; ≤ 5 % more energy than perfect knowledge (same days).',
    },
    {
      heading: 'Open-window detection',
      rows: windowRows,
      note: 'Targets: detected within 5 min; ≤ 1 false alarm per room per week. Energy saved: whole run, against detection off.',
    },
    {
      heading: `Holidays (away ${AWAY_C} °C, return on ${localDate(returnDay)}${clocksChange ? ', the day the clocks change,' : ''} at ${RETURN_HOURS.join(', ')} h local)`,
      rows: holidayRows,
      note: `Target: at comfort within ±15 min of the return time.\n\nWhat was learned:\n${notes.join('\n')}`,
    },
  ],
  {
    start: args.start,
    days,
    roomsPerKind,
    seed,
    timeZone,
    outdoor: args.outdoor ?? 'built-in winter',
  },
);
