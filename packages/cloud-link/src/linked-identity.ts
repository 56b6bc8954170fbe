import { createHash, createHmac } from 'node:crypto';

/**
 * The Hearth dev id of a device linked from a cloud: 18 hex characters (protocol devid.ts)
 * derived from the cloud's name and the device's id there, so the same device always gets
 * the same id, and two clouds' devices never share one.
 */
export function linkedDevId(upstreamName: string, upstreamDevId: string): string {
  return createHash('sha256')
    .update(`${upstreamName}\0${upstreamDevId}`)
    .digest('hex')
    .slice(0, 18);
}

/** The gateway secret Hearth expects for a dev id: hex(HMAC-SHA256(GATEWAY_KEY, dev_id)). */
export function gatewaySecret(gatewayKey: string, devId: string): string {
  return createHmac('sha256', gatewayKey).update(devId).digest('hex');
}
