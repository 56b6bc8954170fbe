import type { NodeStatus } from '@hearth/protocol';

/** Spec 3 §2: the charge bar has 8 segments. */
export const CHARGE_SEGMENTS = 8;

/** Charge as a fraction 0–1: charge_level over 5, else current_charge_per over 100. */
export function chargeFraction(status: NodeStatus | undefined): number | undefined {
  if (!status) return undefined;
  if (typeof status.charge_level === 'number') return clamp01(status.charge_level / 5);
  if (typeof status.current_charge_per === 'number')
    return clamp01(status.current_charge_per / 100);
  return undefined;
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

export function litSegments(fraction: number): number {
  return Math.round(fraction * CHARGE_SEGMENTS);
}

export const STATUS_INDICATORS = [
  'fan',
  'heating',
  'ventilation',
  'resistor',
  'presence',
  'easy',
] as const;
export type StatusIndicator = (typeof STATUS_INDICATORS)[number];

function flag(status: NodeStatus, key: string): boolean {
  const value = status[key];
  return value === true || value === 1 || value === '1';
}

/** Spec 3 §2: fan, active heating, ventilation, resistor, PIR presence; easy in easy mode. */
export function statusIndicators(status: NodeStatus | undefined): StatusIndicator[] {
  if (!status) return [];
  const out: StatusIndicator[] = [];
  if (flag(status, 'fan')) out.push('fan');
  if (status.active === true) out.push('heating');
  if (flag(status, 'ventilation')) out.push('ventilation');
  if (flag(status, 'resistor') || flag(status, 'resistor_active')) out.push('resistor');
  if (status.presence === true || flag(status, 'french_rule_pir_state')) out.push('presence');
  if (status.mode === 'easy' || status.easy === true) out.push('easy');
  return out;
}
