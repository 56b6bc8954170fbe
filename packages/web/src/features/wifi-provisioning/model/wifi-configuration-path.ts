/**
 * Spec 2 §2: the connection-error help's device-disconnected guide links to the device's wifi
 * configuration, /list/homes/{homeId}/deviceEdit/{devId}/wifiConfiguration.
 */
export function wifiConfigurationPath(homeId: string, devId: string): string {
  const enc = encodeURIComponent;
  return `/list/homes/${enc(homeId)}/deviceEdit/${enc(devId)}/wifiConfiguration`;
}
