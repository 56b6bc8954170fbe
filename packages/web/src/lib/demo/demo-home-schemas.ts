import { z } from 'zod';
import { emailSchema, WIFI_PASSWORD_MAX, WIFI_SSID_MAX } from '@hearth/protocol';

/**
 * Bodies the server checks in its guest and wifi routes (docs/wire-contract.md §4, §5), for the demo to refuse
 * alike; the home and device bodies are protocol's (home-writes.ts), as the server's are.
 */
export const inviteBody = z.object({
  email: emailSchema,
  groupid: z.string().min(1).max(64),
  confirmation_url: z
    .url({ protocol: /^https?$/ })
    .max(512)
    .optional(),
});
export const revokeBody = z.object({ groupid: z.string().min(1).max(64), email: emailSchema });

/** The wifi network to encrypt (spec 2 §4 wifi provisioning): an SSID of 1–32, a password up to 64. */
export const wifiCredentialsQuery = z.object({
  ssid: z.string().min(1).max(WIFI_SSID_MAX),
  pass: z.string().max(WIFI_PASSWORD_MAX),
});
