import { WIFI_HEATER_NODE_TYPE, type NodeType } from '@hearth/protocol';

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
  /**
   * Spec 2 §2: a wifi heater (native app only) is a gateway of its own; its install starts at
   * /homes/{homeId}/addNode/deviceInstallation with the wifi heater's device and node type.
   */
  wifiHeater: (homeId: string) =>
    `/homes/${enc(homeId)}/addNode/deviceInstallation${query({
      deviceType: 'wifiHtr',
      nodeType: WIFI_HEATER_NODE_TYPE,
    })}`,
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
