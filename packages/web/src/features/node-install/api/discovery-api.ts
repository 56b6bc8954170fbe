import type { NodeType, PmoSystem } from '@hearth/protocol';
import { deviceObjectUrl, postNodeWrite } from '../../../lib/devices';
import { http } from '../../../lib/http';

export function setDiscovery(devId: string, on: boolean, type?: NodeType, addr?: number) {
  const body: Record<string, unknown> = { discovery: on ? 'on' : 'off' };
  if (on && type) body.type = type;
  if (on && addr !== undefined) body.addr = addr;
  return http.request(deviceObjectUrl(devId, 'discovery'), { method: 'POST', json: body });
}

export function setNodeName(devId: string, type: NodeType, addr: number, name: string) {
  return postNodeWrite({ devId, type, addr }, 'name', { name });
}

export function setPmoSystem(devId: string, system: PmoSystem) {
  return http.request(deviceObjectUrl(devId, 'pmo_system'), { method: 'POST', json: system });
}
