import type { comfortDecisions } from '../db/schema';
import type { ComfortRoomRow } from './comfort.repository';

type DecisionRow = typeof comfortDecisions.$inferSelect;

export function presentSettings(row: ComfortRoomRow | undefined) {
  return {
    optimum_start: row?.optimumStart ?? false,
    window_detection: row?.windowDetection ?? false,
    window_hold_until: row?.windowHoldUntil?.toISOString() ?? null,
  };
}

const WHY_EN: Record<string, string> = {
  recovered: 'the temperature stopped falling',
  timeout: 'after 30 min at most',
  device: 'the heater says the window is shut',
  override: 'resumed by hand',
};

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
