import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * A linked cloud account's password, stored encrypted as the wifi credentials are
 * (homes/wifi-credentials.ts): key = HMAC-SHA256(GATEWAY_KEY, label), AES-256-GCM, the
 * account id as additional data so a value copied to another account does not open.
 */
export const CLOUD_PASSWORD_KEY_LABEL = 'hearth cloud account password v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function cloudPasswordKey(gatewayKey: string): Buffer {
  return createHmac('sha256', gatewayKey).update(CLOUD_PASSWORD_KEY_LABEL).digest();
}

/** base64(iv ‖ ciphertext ‖ tag). */
export function encryptCloudPassword(key: Buffer, accountId: string, password: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId, 'utf8'));
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** A wrong key, another account's value or a tampered one throws. */
export function decryptCloudPassword(key: Buffer, accountId: string, encrypted: string): string {
  const raw = Buffer.from(encrypted, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted cloud password too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(accountId, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
