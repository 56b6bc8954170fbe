import {
  HOME_SETTINGS_DEFAULT_FIXED_POWER_W,
  inferMaxPowerType,
  isLimitless,
  isValidMaxPower,
  switchMaxPowerType,
  type MaxPowerType,
} from '@hearth/protocol';
import type { ExtraData } from '../api/homes-api';

export interface MaxPowerForm {
  type: MaxPowerType;
  fixed: string;
}

/** Spec 2 §4: the saved type, or one inferred from the profile count; fixed defaults to 5000 W. */
export function maxPowerFormFrom(extra: ExtraData | undefined): MaxPowerForm {
  const profiles = extra?.maxPowerProfiles ?? [];
  const type = inferMaxPowerType(extra?.maxPowerType, profiles.length);
  const first = profiles[0]?.value;
  const fixed =
    type === 'fixed' && first !== undefined && !isLimitless(first)
      ? first
      : HOME_SETTINGS_DEFAULT_FIXED_POWER_W;
  return { type, fixed: String(fixed) };
}

export type MaxPowerWrite =
  | { ok: false }
  | {
      ok: true;
      extra: ExtraData;
      config: { profiles: number[]; slots: Array<{ m: number; i: number }> };
    };

/**
 * Spec 2 §4–§5: fixed (1000–60000 W, else maxPowerValueNotValid) and noLimit keep one profile on
 * the seven default slots; schedule clears them and is edited on the power schedule screen.
 */
export function maxPowerWrite(form: MaxPowerForm, extra: ExtraData | undefined): MaxPowerWrite {
  const value = Number(form.fixed.trim());
  if (form.type === 'fixed' && (form.fixed.trim() === '' || !isValidMaxPower(value)))
    return { ok: false };
  const config = switchMaxPowerType(form.type, value);
  const profiles =
    form.type === 'schedule'
      ? []
      : [{ name: form.type, color: '#3880ff', value: config.profiles[0] ?? -1 }];
  return {
    ok: true,
    extra: { ...extra, maxPowerType: form.type, maxPowerProfiles: profiles },
    config,
  };
}
