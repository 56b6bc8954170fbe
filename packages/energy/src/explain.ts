import { deviceClockAt } from '@hearth/protocol';
import type { ChargeExplanation } from './charge-plan';
import type { BlockedBecause, GuardAction, GuardReason } from './power-guard';

/** English wording of the decisions (the app translates from the structured data). */
function hhmm(ms: number, timeZone: string): string {
  const c = deviceClockAt(ms, timeZone);
  return `${String(c.h).padStart(2, '0')}:${String(c.m).padStart(2, '0')}`;
}

const kw = (v: number) => `${v.toFixed(1)} kW`;
const kwh = (v: number) => `${v.toFixed(1)} kWh`;
const degrees = (v: number) => `${Number.isInteger(v) ? v : v.toFixed(1)} °C`;
const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

function why(reason: GuardReason): string {
  switch (reason.kind) {
    case 'hour-average':
      return `the hour was heading to ${kw(reason.projectedKw)} against a ${kw(reason.capKw)} cap`;
    case 'instant':
      return `the home was drawing ${kw(reason.drawKw)} against a ${kw(reason.capKw)} limit`;
    case 'headroom':
      return `the hour stays at ${kw(reason.projectedKw)} with it, under the ${kw(reason.capKw)} cap`;
    case 'owner-changed':
      return `its set point was changed to ${degrees(reason.setPointC)}`;
  }
}

const BLOCKED: Record<BlockedBecause, string> = {
  'anti-frost': 'at anti-frost',
  'switch-limit': 'at its limit of changes an hour',
  'not-heating': 'not heating',
};

/** E.g. "14:05 lowered Kitchen to 17 °C for 10 min: the hour was heading to 6.2 kW against a 6.0 kW cap". */
export function formatGuardAction(a: GuardAction, timeZone: string): string {
  const at = hhmm(a.at, timeZone);
  switch (a.kind) {
    case 'lower':
      return a.dryRun
        ? `${at} would lower ${a.heaterName} to ${degrees(a.toC)} for ${minutes(a.forMs)} (dry run): ${why(a.reason)}`
        : `${at} lowered ${a.heaterName} to ${degrees(a.toC)} for ${minutes(a.forMs)}: ${why(a.reason)}`;
    case 'restore':
      return a.dryRun
        ? `${at} would restore ${a.heaterName} to ${degrees(a.toC)} (dry run): ${why(a.reason)}`
        : `${at} restored ${a.heaterName} to ${degrees(a.toC)}: ${why(a.reason)}`;
    case 'release':
      return `${at} left ${a.heaterName} to its owner: ${why(a.reason)}`;
    case 'unable': {
      const held =
        a.blocked.length > 0
          ? ` (${a.blocked.map((b) => `${b.heaterName} ${BLOCKED[b.because]}`).join(', ')})`
          : '';
      return `${at} could not shed ${kw(a.shortKw)} more${held}${a.dryRun ? ' (dry run)' : ''}: ${why(a.reason)}`;
    }
  }
}

/** E.g. "Hall: charging 4.0 kWh in 2 blocks (01:00–03:00, 04:00–04:30) at 0.088 EUR/kWh on average, ready by 07:00". */
export function formatChargePlan(e: ChargeExplanation, timeZone: string, currency: string): string {
  const price = (v: number) => `${v.toFixed(3)} ${currency}/kWh`;
  const ready = hhmm(e.readyBy, timeZone);
  if (e.outcome === 'charged-already')
    return `${e.heaterName}: already holds its target for ${ready}; no charging planned.`;
  const blocks = e.blocks.map((b) => `${hhmm(b.start, timeZone)}–${hhmm(b.end, timeZone)}`);
  const where = `${e.blocks.length} block${e.blocks.length === 1 ? '' : 's'} (${blocks.join(', ')})`;
  const range = `prices before then run from ${price(e.cheapestPricePerKwh)} to ${price(e.dearestPricePerKwh)}`;
  const notes: string[] = [];
  if (e.minBlockMs > 0) notes.push(`each block at least ${minutes(e.minBlockMs)}`);
  if (e.slotsBlockedByLimit > 0)
    notes.push(`${e.slotsBlockedByLimit} slots left out for the home's power limit`);
  if (e.slotsWithoutPrice > 0)
    notes.push(`${e.slotsWithoutPrice} slots without a known price counted at the dearest`);
  const tail = notes.length > 0 ? `; ${notes.join('; ')}` : '';
  if (e.outcome === 'short') {
    const cause =
      e.shortBecause === 'power-limit'
        ? "the home's power limit leaves too little room"
        : 'there is too little time';
    return `${e.heaterName}: can store only ${kwh(e.plannedKwh)} of ${kwh(e.neededKwh)} by ${ready}, in ${where}: ${cause}${tail}.`;
  }
  return `${e.heaterName}: charging ${kwh(e.plannedKwh)} in ${where} at ${price(e.averagePricePerKwh)} on average, ready by ${ready}; ${range}${tail}.`;
}
