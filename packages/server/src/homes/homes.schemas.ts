import { z } from 'zod';
import {
  DEV_ID_PATTERN,
  GEO_RANGE_MAX,
  GEO_RANGE_MIN,
  GEO_RANGE_STEP,
  HOME_COUNTRIES,
  MAX_POWER_PROFILES,
  MAX_POWER_TYPES,
  POWER_LIMITLESS,
  POWER_LIMIT_NONE,
  isValidMaxPower,
  isValidPostcode,
  isHomeCountry,
} from '@hearth/protocol';
import { getCountryLocationInfo } from '../catalog';

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

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
export const tzCode = z
  .string()
  .refine(isTimeZone, 'must be an IANA time zone such as Europe/Madrid');
export const devName = text(32);
export const homeName = text(64);

/** groupData.id: a UUID, with or without its dashes (the app removes them, spec 2 §3). */
export const homeId = z
  .string()
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

const address = {
  country: z.enum(HOME_COUNTRIES),
  state: text(64),
  city: text(64),
  zip: text(16),
  tz_code: tzCode,
};

/** Spec 2 §3 add-device payload. */
export const addDeviceBody = z.object({
  ...address,
  groupData: z.object({ name: homeName, id: homeId }),
  dev_id: z.string().regex(DEV_ID_PATTERN, 'dev_id must be exactly 18 hexadecimal characters'),
  serial_id: text(32),
  name: devName,
  product_id: z
    .string()
    .regex(/^[0-9A-Za-z]{1,8}$/, 'product_id must be a short code such as 0105'),
});
export type AddDeviceBody = z.infer<typeof addDeviceBody>;

/** Spec 2 §7 setGeoData: the address part, or the position part, or both; merged into the stored one. */
export const geoDataBody = z
  .object({
    ...address,
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

/** Checks that need the whole merged geo data: region of the country, postcode format. */
export function addressProblem(geo: Record<string, unknown>): string | undefined {
  const { country, state, zip } = geo;
  if (typeof country !== 'string' || !isHomeCountry(country)) return undefined;
  const info = getCountryLocationInfo(country);
  if (typeof state === 'string' && !(state in info.states))
    return `state "${state}" is not a region of ${country}`;
  if (typeof zip === 'string' && !isValidPostcode(zip, info.zipFormat))
    return `zip "${zip}" does not match the postcode format of ${country}`;
  return undefined;
}

const profileValue = z
  .number()
  .refine(
    (v) => v === POWER_LIMITLESS || v === POWER_LIMIT_NONE || isValidMaxPower(v),
    'a profile value is -1 (no limit), 0, or 1000 to 60000 W',
  );

/** Spec 2 §3 extraData; adding a profile is allowed while there are at most 4, so 5 at most. */
export const extraDataBody = z
  .object({
    maxPowerType: z.enum([...MAX_POWER_TYPES, 'FIXED_POWER', 'POWER_SCHEDULE', 'NO_POWER_LIMIT']),
    maxPowerProfiles: z
      .array(
        z.object({
          name: text(30),
          color: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'color must be #rrggbb'),
          value: profileValue,
        }),
      )
      .max(MAX_POWER_PROFILES + 1),
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
export const devNameBody = z.object({ name: devName });
export const transferBody = z.object({ id: homeId, name: homeName.optional() });

const email = z
  .string()
  .trim()
  .min(3)
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');

/** Spec 2 §3 quiet-home data; `email` may also come as `{email}`. */
export const presenceConfigBody = z.object({
  email: z.union([email, z.object({ email }).transform((o) => o.email)]),
  enabled: z.boolean(),
  excluded_nodes: z
    .array(
      z.object({
        devid: z.string().regex(DEV_ID_PATTERN, 'devid must be 18 hexadecimal characters'),
        nodes: z.array(z.number().int().min(0).max(255)).max(256),
      }),
    )
    .max(64)
    .default([]),
});

export const emailSchema = email;
