/**
 * Product constants of "Energy and money": tariffs, costs, storage heater charge plans and the
 * power guard. Ours: the vendor specification has no tariffs, costing or load management.
 */
const MIN = 60_000;

/** Dynamic price series come in slots of this many minutes (documented CSV format). */
export const DYNAMIC_SLOT_MINUTES = [30, 60] as const;
/** A price CSV holds at most this many rows (a year of half-hours, with room to spare). */
export const PRICE_CSV_MAX_ROWS = 20_000;
/** Prices are per kWh in the home's currency; above this is taken for a unit mistake (per MWh). */
export const PRICE_PER_KWH_MAX = 100;

/** The month's projection uses the trailing days' cost rate when this many days are known. */
export const PROJECTION_TRAILING_DAYS = 7;

/** Charge plans are made on a grid of slots this long (dynamic prices are half-hourly at finest). */
export const CHARGE_SLOT_MS = 30 * MIN;
/** Once switched on, a storage heater charges for at least this long (contactor wear). */
export const CHARGE_MIN_BLOCK_MS = 60 * MIN;
/** Plans never look further ahead than this. */
export const CHARGE_HORIZON_MAX_MS = 48 * 60 * MIN;

/** The power guard changes one heater at most this many times per hour (shed and restore count). */
export const GUARD_MAX_SWITCHES_PER_HOUR = 6;
/** The window of a capacity tariff: the home's average draw over each clock hour. */
export const GUARD_WINDOW_MS = 60 * MIN;
/** A shed heater stays lowered at least this long before the guard may restore it. */
export const GUARD_SHED_MIN_MS = 10 * MIN;
/** A shed heater's set point goes down by this much (never below its anti-frost). */
export const GUARD_SHED_DROP_K = 4;
/** The guard acts when the hour is heading above this share of the cap (room for error). */
export const GUARD_ACT_SHARE = 0.98;
/** A heater is restored only when the hour would stay under this share of the cap with it back. */
export const GUARD_RESTORE_SHARE = 0.9;
/** Anti-frost when a heater does not say its own (°C). */
export const ANTI_FROST_DEFAULT_C = 7;
