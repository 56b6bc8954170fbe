import { createHmac } from 'node:crypto';

/** docs/device-protocol.md: a gateway's secret is hex(HMAC-SHA256(GATEWAY_KEY, dev_id)). */
export function gatewaySecret(gatewayKey: string, devId: string): string {
  return createHmac('sha256', gatewayKey).update(devId).digest('hex');
}

const SIM_DEV_ID_PREFIX = '5100';

/** Deterministic 18-hex dev_id of the n-th simulated gateway (0-based). */
export function simDevId(index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new Error(`bad gateway index ${index}`);
  return SIM_DEV_ID_PREFIX + index.toString(16).padStart(14, '0');
}

/** The firmware a simulated gateway announces when it connects (docs/device-protocol.md). */
export const SIM_GATEWAY_FW_VERSION = '1.13';
