import { deviceUrl } from '../../../lib/devices';
import { http } from '../../../lib/http';

export function renameDevice(devId: string, name: string) {
  return http.request(deviceUrl(devId, 'name'), { method: 'POST', json: { name } });
}

export function deleteDevice(devId: string) {
  return http.request(deviceUrl(devId), { method: 'DELETE' });
}

/** docs/wire-contract.md §5: moving a device to another home is an update of its group. */
export function transferDevice(devId: string, home: { id: string; name: string }) {
  return http.request(deviceUrl(devId, 'group'), { method: 'POST', json: home });
}
