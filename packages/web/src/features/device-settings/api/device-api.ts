import { http } from '../../../lib/http';

const dev = (devId: string, suffix = '') => `/api/v2/devs/${encodeURIComponent(devId)}${suffix}`;

export function renameDevice(devId: string, name: string) {
  return http.request(dev(devId, '/name'), { method: 'POST', json: { name } });
}

export function deleteDevice(devId: string) {
  return http.request(dev(devId), { method: 'DELETE' });
}

/** docs/wire-contract.md §5: moving a device to another home is an update of its group. */
export function transferDevice(devId: string, home: { id: string; name: string }) {
  return http.request(dev(devId, '/group'), { method: 'POST', json: home });
}
