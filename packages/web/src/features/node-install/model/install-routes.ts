import type { NodeType } from '@hearth/protocol';

const enc = encodeURIComponent;

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Spec 2 §2 "Node installation" routes. */
export const installRoutes = {
  selectDevice: (homeId: string, nodeType?: NodeType) =>
    `/homes/${enc(homeId)}/addNode/devs/selectDevice${query({ nodeType })}`,
  selectModel: (homeId: string, devId: string, nodeType?: NodeType) =>
    `/homes/${enc(homeId)}/addNode/devs/${enc(devId)}/selectType/selectModel${query({ nodeType })}`,
  discovery: (
    homeId: string,
    devId: string,
    nodeType: NodeType,
    nodeModel?: string,
    addr?: number,
  ) =>
    `/homes/${enc(homeId)}/addNode/devs/${enc(devId)}/selectType/selectModel/discovery${query({
      nodeType,
      nodeModel,
      addr,
    })}`,
};
