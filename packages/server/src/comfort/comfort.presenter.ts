import { explainLearned, formatLearnedEn, OPTIMUM_START_DEFAULT_OUTDOOR_C } from '@hearth/comfort';
import type { ComfortLearned } from '@hearth/protocol';
import type { comfortDecisions } from '../db/schema';
import type { ComfortRoomRow } from './comfort.repository';
import { readStoredPlan } from './programme-step';
import { readStoredWindow } from './window-hold';

type DecisionRow = typeof comfortDecisions.$inferSelect;

/** What optimum start has learned of a room, null before it ran. */
export function presentLearned(state: Record<string, unknown> | undefined): ComfortLearned | null {
  const plan = readStoredPlan(state ?? {});
  if (!plan.os) return null;
  const outdoorC = plan.outdoorC ?? OPTIMUM_START_DEFAULT_OUTDOOR_C;
  const e = explainLearned(plan.os, outdoorC);
  const learned = e.kind === 'learned';
  return {
    warmups: plan.os.model.episodes,
    rate_k_per_h: learned ? Math.round(e.rateKPerH * 10) / 10 : null,
    at_outdoor_c: learned ? Math.round(outdoorC * 10) / 10 : null,
    text: formatLearnedEn(e),
  };
}

export function presentSettings(row: ComfortRoomRow | undefined) {
  return {
    optimum_start: row?.optimumStart ?? false,
    window_detection: row?.windowDetection ?? false,
    window_hold_until: row?.windowHoldUntil?.toISOString() ?? null,
    learned: presentLearned(row?.state),
  };
}

/** A room of the home's summary (GET …/homes/{gid}/comfort). */
export function presentSummaryRoom(
  r: {
    devId: string;
    type: string;
    addr: number;
    optimumStart: boolean | null;
    windowDetection: boolean | null;
    windowHoldUntil: Date | null;
    state: Record<string, unknown> | null;
  },
  nowMs: number,
) {
  const state = r.state ?? {};
  const held = readStoredWindow(state).hold && r.windowHoldUntil !== null;
  const active = readStoredPlan(state).os?.active;
  return {
    room: `${r.devId}/${r.type}/${r.addr}`,
    optimum_start: r.optimumStart ?? false,
    window_detection: r.windowDetection ?? false,
    window_hold_until: held ? (r.windowHoldUntil?.getTime() ?? null) : null,
    preheating:
      r.optimumStart && active && nowMs < active.riseAtMs + 3 * 3_600_000
        ? { since: active.startedMs, target_c: active.targetC, by: active.riseAtMs }
        : null,
  };
}

const WHY_EN: Record<string, string> = {
  recovered: 'the temperature stopped falling',
  timeout: 'after 30 min at most',
  device: 'the heater says the window is shut',
  override: 'resumed by hand',
};

const one = (v: unknown) => (typeof v === 'number' ? v.toFixed(1) : String(v));
const DAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A decision in English; the app words `detail` in its own language. */
export function decisionTextEn(kind: string, detail: Record<string, unknown>): string {
  const sent = detail.write !== null && detail.write !== undefined;
  if (kind === 'window-opened') {
    const how =
      detail.reason === 'device'
        ? 'the heater reports an open window'
        : `the temperature fell ${Math.abs(Number(detail.slopeKPerH ?? 0)).toFixed(1)} °C an hour`;
    const what = sent
      ? `holding anti-frost (${String(detail.anti_frost)} °${String(detail.units ?? 'C')})`
      : 'the heater was left as it was (its mode is not one comfort holds)';
    return `Window open: ${how}; ${what}`;
  }
  if (kind === 'window-closed')
    return `Window shut: ${WHY_EN[String(detail.why)] ?? 'hold ended'}; heating resumed`;
  if (kind === 'override') return 'Heating resumed by hand during an open-window hold';
  if (kind === 'warmup-started' || kind === 'warmup-finished') {
    if (typeof detail.text_en === 'string') return detail.text_en;
  }
  if (kind === 'holiday-started') {
    const what =
      detail.away_c !== null && detail.away_c !== undefined
        ? `holding ${one(detail.away_c)} °C`
        : `running ${DAYS_EN[Number(detail.use_day)] ?? 'another day'}'s programme`;
    const until = typeof detail.to === 'string' ? ` until ${detail.to.replace('T', ' ')}` : '';
    const head = detail.source === 'one-off' ? 'One-off day' : 'Holiday';
    const left = sent || detail.mode === 'auto' || detail.mode === 'modified_auto';
    return `${head}: ${what}${until}${left ? '' : ' (the heater is not in auto, so it was left as it was)'}`;
  }
  if (kind === 'holiday-ended') {
    const head = detail.source === 'one-off' ? 'One-off day over' : 'Holiday over';
    return `${head}: back to the weekly programme (${one(detail.target_c)} °C now)`;
  }
  return kind;
}

export function presentDecision(row: DecisionRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    text: decisionTextEn(row.kind, row.detail),
    detail: row.detail,
  };
}
