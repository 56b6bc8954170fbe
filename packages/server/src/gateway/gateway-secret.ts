import { createHmac, timingSafeEqual } from 'node:crypto';

/** docs/device-protocol.md: secret = hex(HMAC-SHA256(GATEWAY_KEY, dev_id)); never stored. */
export function gatewaySecret(gatewayKey: string, devId: string): string {
  return createHmac('sha256', gatewayKey).update(devId).digest('hex');
}

export function isGatewaySecret(
  gatewayKey: string,
  devId: string,
  password: Buffer | undefined,
): boolean {
  if (!password) return false;
  const expected = Buffer.from(gatewaySecret(gatewayKey, devId), 'utf8');
  return password.length === expected.length && timingSafeEqual(password, expected);
}
