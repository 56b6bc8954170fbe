import { deviceObjectUrl } from '../../../lib/devices';
import { http } from '../../../lib/http';

const enc = encodeURIComponent;

/** docs/wire-contract.md: the password encrypted by the server for this SSID (docs/device-protocol.md). */
export async function encryptedPassword(ssid: string, pass: string): Promise<string> {
  const got = await http.request<{ encrypted_pass: string }>(
    `/api/v2/encrypted_wifi_credentials?ssid=${enc(ssid)}&pass=${enc(pass)}`,
    { quiet: true },
  );
  return got.encrypted_pass;
}

/** Whether one of the user's gateways reports connected (a heater being reconfigured). */
export async function isConnected(devId: string): Promise<boolean> {
  const got = await http.request<{ connected: boolean }>(deviceObjectUrl(devId, 'connected'), {
    quiet: true,
  });
  return got.connected === true;
}
