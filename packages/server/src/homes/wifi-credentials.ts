import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * docs/device-protocol.md "Wifi credentials": the heater receives its wifi password encrypted,
 * never in clear over Bluetooth or the SoftAP network. One key for every heater of a server,
 * written at the factory like the gateway secret: wifi key = HMAC-SHA256(GATEWAY_KEY, label).
 */
export const WIFI_KEY_LABEL = 'hearth wifi credentials v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function wifiKey(gatewayKey: string): Buffer {
  return createHmac('sha256', gatewayKey).update(WIFI_KEY_LABEL).digest();
}

/** base64(iv ‖ ciphertext ‖ tag), AES-256-GCM, the SSID as additional data. */
export function encryptWifiPassword(
  key: Buffer,
  ssid: string,
  pass: string,
  iv = randomBytes(IV_BYTES),
): string {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(ssid, 'utf8'));
  const body = Buffer.concat([cipher.update(pass, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

/** What a heater does; a wrong key, SSID or a tampered value throws. */
export function decryptWifiPassword(key: Buffer, ssid: string, encrypted: string): string {
  const raw = Buffer.from(encrypted, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted wifi password too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(ssid, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
