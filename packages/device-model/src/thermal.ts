/**
 * First-order room model shared by live gateways and generated history.
 *
 *   dT/dt = (T_out + RISE·h − T) / τ
 *
 * where h (0–1) is the heat delivered as a fraction of the node's rating. A heater is
 * sized so that full power holds the room RISE kelvin above outdoors; without heat the
 * room drifts toward the outdoor temperature with the same time constant.
 */
export const ROOM_TIME_CONSTANT_S = 3 * 3600;
export const DESIGN_RISE_K = 25;
/** Proportional gain on top of the feed-forward holding power (fraction per kelvin). */
export const CONTROL_GAIN_PER_K = 0.3;
/** An open window lets the room lose heat this many times faster. */
export const WINDOW_OPEN_LOSS_FACTOR = 6;
/** Below this fraction a heater counts as idle (status active false). */
export const ACTIVE_THRESHOLD = 0.01;

/** Heat demand (0–1) of a modulating thermostat; null target means the node is off. */
export function heatDemand(roomC: number, targetC: number | null, outdoorC: number): number {
  if (targetC === null) return 0;
  const holding = (targetC - outdoorC) / DESIGN_RISE_K;
  const u = holding + CONTROL_GAIN_PER_K * (targetC - roomC);
  return Math.min(1, Math.max(0, u));
}

/** Exact solution over dt with the heat fraction held constant (stable for any dt). */
export function stepRoom(
  roomC: number,
  outdoorC: number,
  heatFraction: number,
  dtS: number,
  timeConstantS: number = ROOM_TIME_CONSTANT_S,
): number {
  // A faster loss (open window) lowers the equilibrium the same heat can hold.
  const equilibrium =
    outdoorC + (DESIGN_RISE_K * heatFraction * timeConstantS) / ROOM_TIME_CONSTANT_S;
  return equilibrium + (roomC - equilibrium) * Math.exp(-dtS / timeConstantS);
}
