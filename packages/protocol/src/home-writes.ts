import { z } from 'zod';
import { HOME_COUNTRIES } from './countries';
import { DEV_ID_PATTERN } from './devid';
import {
  DEVICE_NAME_MAX,
  DEVICE_NAME_SETTINGS_MAX,
  GEO_RANGE_MAX,
  GEO_RANGE_MIN,
  GEO_RANGE_STEP,
  MAX_POWER_PROFILES,
  POWER_LIMITLESS,
  POWER_LIMIT_NONE,
} from './rules/constants';
import { isValidMaxPower, MAX_POWER_TYPES } from './rules/power-profiles';

/*
 * The bodies of home, device and quiet-home writes (docs/wire-contract.md §4, §5; spec 2 §3), one set for the
 * server and for the app's demo backend, so that both refuse the same bodies with the same words.
 */

/** An IANA zone the runtime knows; an unknown one would break the device clock of the home. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch (err) {
    if (err instanceof RangeError) return false;
    throw err;
  }
}

export const requiredText = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
export const tzCode = z
  .string()
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone such as Europe/Madrid');
/** Spec 2 §5: a device's name, 32 characters in the add-device wizard, 30 in device settings. */
export const devName = requiredText(DEVICE_NAME_MAX);
export const devSettingsName = requiredText(DEVICE_NAME_SETTINGS_MAX);
export const homeName = requiredText(64);

/** groupData.id: a UUID, with or without its dashes (the app removes them, spec 2 §3). */
export const homeId = z
  .string()
  .max(36)
  .regex(
    /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/,
    'must be a UUID',
  )
  .transform((id) => {
    const h = id.replace(/-/g, '').toLowerCase();
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  });

const latLon = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const homeAddressFields = {
  country: z.enum(HOME_COUNTRIES),
  state: requiredText(64),
  city: requiredText(64),
  zip: requiredText(16),
  tz_code: tzCode,
};

/** Spec 2 §3 add-device payload. */
export const addDeviceBody = z.object({
  ...homeAddressFields,
  groupData: z.object({ name: homeName, id: homeId }),
  dev_id: z
    .string()
    .max(18)
    .regex(DEV_ID_PATTERN, 'dev_id must be exactly 18 hexadecimal characters'),
  serial_id: requiredText(32),
  name: devName,
  product_id: z
    .string()
    .max(8)
    .regex(/^[0-9A-Za-z]{1,8}$/, 'product_id must be a short code such as 0105'),
});
export type AddDeviceBody = z.infer<typeof addDeviceBody>;

/** Spec 2 §7 setGeoData: the address part, or the position part, or both; merged into the stored one. */
export const geoDataBody = z
  .object({
    ...homeAddressFields,
    coarsePosition: latLon,
    position: latLon,
    // Spec 2 §5: the range slider's values, 150 to 1000 m in steps of 50.
    outdoor_range: z
      .number()
      .int()
      .min(GEO_RANGE_MIN)
      .max(GEO_RANGE_MAX)
      .multipleOf(GEO_RANGE_STEP, `outdoor_range goes in steps of ${GEO_RANGE_STEP} m`),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type GeoDataBody = z.infer<typeof geoDataBody>;

const profileValue = z
  .number()
  .refine(
    (v) => v === POWER_LIMITLESS || v === POWER_LIMIT_NONE || isValidMaxPower(v),
    'a profile value is -1 (no limit), 0, or 1000 to 60000 W',
  );

/** Spec 2 §3 extraData; ruling D1: at most 4 power profiles, a fifth is refused (400). */
export const extraDataBody = z
  .object({
    maxPowerType: z.enum([...MAX_POWER_TYPES, 'FIXED_POWER', 'POWER_SCHEDULE', 'NO_POWER_LIMIT']),
    maxPowerProfiles: z
      .array(
        z.object({
          name: requiredText(30),
          color: z
            .string()
            .max(7)
            .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'color must be #rrggbb'),
          value: profileValue,
        }),
      )
      .max(MAX_POWER_PROFILES, `at most ${MAX_POWER_PROFILES} power profiles`),
    nodeData: z
      .record(
        z.string().min(1).max(64),
        z
          .object({
            max_power_scale: z
              .number()
              .refine(isValidMaxPower, 'max_power_scale is 1000 to 60000 W'),
          })
          .partial()
          .catchall(z.union([z.string().max(64), z.number(), z.boolean(), z.null()])),
      )
      .refine((r) => Object.keys(r).length <= 500, 'at most 500 nodes'),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');

export const nameBody = z.object({ name: homeName });
export const devNameBody = z.object({ name: devSettingsName });
export const transferBody = z.object({ id: homeId, name: homeName.optional() });

export const emailSchema = z
  .string()
  .trim()
  .min(3)
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');

/** Spec 2 §3 quiet-home data; `email` may also come as `{email}`. */
export const presenceConfigBody = z.object({
  email: z.union([emailSchema, z.object({ email: emailSchema }).transform((o) => o.email)]),
  enabled: z.boolean(),
  excluded_nodes: z
    .array(
      z.object({
        devid: z.string().max(18).regex(DEV_ID_PATTERN, 'devid must be 18 hexadecimal characters'),
        nodes: z.array(z.number().int().min(0).max(255)).max(256),
      }),
    )
    .max(64)
    .default([]),
});
