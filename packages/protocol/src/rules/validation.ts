import { isValidDevId } from '../devid';
import {
  DEVICE_NAME_MAX,
  DEVICE_NAME_SETTINGS_MAX,
  GEO_RANGE_MAX,
  GEO_RANGE_MIN,
  GEO_RANGE_STEP,
  LOCK_PASSWORD_MAX,
  MAP_ZOOM_DEFAULT,
  MAP_ZOOM_WIDE,
  MAP_ZOOM_WIDE_FROM,
  MINUTES_PER_DAY,
  NODE_NAME_MAX,
  NODE_NAME_TRUNCATE_AT,
  TIME_PICKER_HOUR_STEP_MIN,
  TIME_PICKER_MINUTE_STEP_MIN,
  WIFI_SIGNAL_THRESHOLDS,
} from './constants';

/** Translation keys of spec 2 §5 messages. */
export type ValidationKey =
  'fields' | 'errors.devId' | 'errors.zipFormat' | 'errors.email' | 'nameTooLong';

/** Spec 2 §5: required; at most 32 characters in the wizard, 30 in device settings. */
export function deviceNameError(
  name: string,
  context: 'wizard' | 'settings',
): ValidationKey | null {
  if (name.trim() === '') return 'fields';
  const max = context === 'wizard' ? DEVICE_NAME_MAX : DEVICE_NAME_SETTINGS_MAX;
  return name.length > max ? 'nameTooLong' : null;
}

/** Spec 3 §5: a node name has at most 30 characters (an empty one shows as a dash). */
export function isValidNodeName(name: string): boolean {
  return name.length <= NODE_NAME_MAX;
}

/** Spec 3 §2: node headers cut the name at 22 characters plus an ellipsis; a dash when empty. */
export function nodeHeaderName(name: string | undefined): string {
  const n = (name ?? '').trim();
  if (n === '') return '-';
  return n.length > NODE_NAME_TRUNCATE_AT ? `${n.slice(0, NODE_NAME_TRUNCATE_AT)}…` : n;
}

/** Spec 2 §5: device data of the wizard; returns the first message to show, or null. */
export function deviceDataError(input: {
  name: string;
  devId: string;
  serialId: string;
}): ValidationKey | null {
  if (input.name.trim() === '' || input.devId.trim() === '' || input.serialId.trim() === '')
    return 'fields';
  if (!isValidDevId(input.devId.trim())) return 'errors.devId';
  return deviceNameError(input.name, 'wizard');
}

/** Spec 2 §5: a postcode is shown (and checked) uppercase. */
export function normalisePostcode(zip: string): string {
  return zip.trim().toUpperCase();
}

/**
 * Spec 2 §5: the postcode must match the country's zipFormat when there is one. The whole
 * postcode must match, not a part of it; a format the browser cannot compile accepts any postcode,
 * so a server-side typo never blocks a user.
 */
export function isValidPostcode(zip: string, zipFormat: string | undefined): boolean {
  if (zipFormat === undefined || zipFormat === '') return true;
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${zipFormat.replace(/^\^/, '').replace(/\$$/, '')})$`);
  } catch (err) {
    if (err instanceof SyntaxError) return true;
    throw err;
  }
  return pattern.test(normalisePostcode(zip));
}

export const HOME_REQUIRED_FIELDS = ['country', 'region', 'city', 'postcode', 'name'] as const;
export type HomeField = (typeof HOME_REQUIRED_FIELDS)[number];

/** Spec 2 §5: the fields message lists the missing fields, in form order. */
export function missingHomeFields(
  data: Partial<Record<HomeField, string | undefined>>,
): HomeField[] {
  return HOME_REQUIRED_FIELDS.filter((f) => (data[f] ?? '').trim() === '');
}

/** Spec 2 §5: guest e-mail not empty, and containing '@'. */
export function guestEmailError(email: string): ValidationKey | null {
  if (email.trim() === '') return 'fields';
  return email.includes('@') ? null : 'errors.email';
}

/** Spec 3 §5: the lock password is numeric, at most 4 digits. */
export function isValidLockPassword(value: string): boolean {
  return new RegExp(`^\\d{1,${LOCK_PASSWORD_MAX}}$`).test(value);
}

/** Keeps what a numeric input of length 4 would accept while typing. */
export function sanitizeLockPasswordInput(input: string): string {
  return input.replace(/\D/g, '').slice(0, LOCK_PASSWORD_MAX);
}

/** Spec 3 §5: the password is revealed once it differs from the current one (a new one being typed). */
export function revealLockPassword(value: string, current: string): boolean {
  return value !== current;
}

/** Spec 2 §5: geolocation range slider, 150–1000 m in steps of 50. */
export function snapGeoRange(value: number): number {
  const snapped =
    GEO_RANGE_MIN + Math.round((value - GEO_RANGE_MIN) / GEO_RANGE_STEP) * GEO_RANGE_STEP;
  return Math.min(GEO_RANGE_MAX, Math.max(GEO_RANGE_MIN, snapped));
}

/** Spec 2 §9: zoom 14 from 600 m, otherwise 15. */
export function mapZoomForRange(range: number): number {
  return range >= MAP_ZOOM_WIDE_FROM ? MAP_ZOOM_WIDE : MAP_ZOOM_DEFAULT;
}

/** Spec 2 §4: signal level 1–4 from rssi. */
export function wifiSignalLevel(rssi: number): 1 | 2 | 3 | 4 {
  const [weak, fair, good] = WIFI_SIGNAL_THRESHOLDS;
  if (rssi < weak) return 1;
  if (rssi < fair) return 2;
  if (rssi < good) return 3;
  return 4;
}

/** Spec 3 §5 numeric label: the integer part and one decimal digit, drawn apart ("20" and "5"). */
export function numericLabel(value: number): { integer: string; decimal: string } {
  const tenths = Math.round(Math.abs(value) * 10);
  const sign = value < 0 && tenths !== 0 ? '-' : '';
  return { integer: `${sign}${Math.floor(tenths / 10)}`, decimal: String(tenths % 10) };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Spec 3 §5 time label: "HH:mm" from minutes since midnight (wrapped into one day). */
export function timeLabel(minutes: number): string {
  const m = ((Math.round(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** Parses "HH:mm" into minutes since midnight; undefined when it is not a time of day. */
export function parseTimeLabel(label: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(label.trim());
  if (!match) return undefined;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : undefined;
}

/** Spec 3 §5 time pickers: minutes since midnight, snapped to 10 minutes. */
export function timePickerValue(h: number, m: number): number {
  const snapped = Math.round(m / TIME_PICKER_MINUTE_STEP_MIN) * TIME_PICKER_MINUTE_STEP_MIN;
  return (((h * 60 + snapped) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** Hour wheel moves 1 h, minute wheel 10 min; a time of day wraps past midnight. */
export function nudgeTimePicker(
  minutes: number,
  wheel: 'hour' | 'minute',
  direction: 1 | -1,
): number {
  const step = wheel === 'hour' ? TIME_PICKER_HOUR_STEP_MIN : TIME_PICKER_MINUTE_STEP_MIN;
  return (((minutes + direction * step) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}
