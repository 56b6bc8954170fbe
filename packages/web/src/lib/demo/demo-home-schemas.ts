import { z } from 'zod';
import {
  DEV_ID_PATTERN,
  GEO_RANGE_MAX,
  GEO_RANGE_MIN,
  GEO_RANGE_STEP,
  HOME_COUNTRIES,
  isValidMaxPower,
  MAX_POWER_PROFILES,
  MAX_POWER_TYPES,
  POWER_LIMIT_NONE,
  POWER_LIMITLESS,
  WIFI_PASSWORD_MAX,
  WIFI_SSID_MAX,
} from '@hearth/protocol';

/** The server's bodies for homes, devices and guests (API.md §4, §5), for the demo to refuse alike. */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch (err) {
    if (err instanceof RangeError) return false;
    throw err;
  }
}

export const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);
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

export const address = {
  country: z.enum(HOME_COUNTRIES),
  state: text(64),
  city: text(64),
  zip: text(16),
  tz_code: tzCode,
};

const latLon = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const geoDataBody = z
  .object({
    ...address,
    coarsePosition: latLon,
    position: latLon,
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

const profileValue = z
  .number()
  .refine(
    (v) => v === POWER_LIMITLESS || v === POWER_LIMIT_NONE || isValidMaxPower(v),
    'a profile value is -1 (no limit), 0, or 1000 to 60000 W',
  );

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

export const email = z
  .string()
  .trim()
  .min(3)
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address');

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

export const nameBody = z.object({ name: homeName });
export const devNameBody = z.object({ name: devName });
export const transferBody = z.object({ id: homeId, name: homeName.optional() });
export const inviteBody = z.object({
  email,
  groupid: z.string().min(1).max(64),
  confirmation_url: z
    .url({ protocol: /^https?$/ })
    .max(512)
    .optional(),
});
export const revokeBody = z.object({ groupid: z.string().min(1).max(64), email });

/** The wifi network to encrypt (spec 2 §4 wifi provisioning): an SSID of 1–32, a password up to 64. */
export const wifiCredentialsQuery = z.object({
  ssid: z.string().min(1).max(WIFI_SSID_MAX),
  pass: z.string().max(WIFI_PASSWORD_MAX),
});
