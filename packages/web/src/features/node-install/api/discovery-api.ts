import type { NodeType, PmoSystem } from '@hearth/protocol';
import { postNodeWrite } from '../../../lib/devices';
import { http } from '../../../lib/http';

const dev = (devId: string, suffix: string) => `/api/v2/devs/${encodeURIComponent(devId)}${suffix}`;

export function setDiscovery(devId: string, on: boolean, type?: NodeType, addr?: number) {
  const body: Record<string, unknown> = { discovery: on ? 'on' : 'off' };
  if (on && type) body.type = type;
  if (on && addr !== undefined) body.addr = addr;
  return http.request(dev(devId, '/mgr/discovery'), { method: 'POST', json: body });
}

export function setNodeName(devId: string, type: NodeType, addr: number, name: string) {
  return postNodeWrite({ devId, type, addr }, 'name', { name });
}

export function setPmoSystem(devId: string, system: PmoSystem) {
  return http.request(dev(devId, '/pmo_system'), { method: 'POST', json: system });
}
