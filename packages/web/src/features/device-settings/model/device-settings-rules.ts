import { isWifiHeaterProduct, type GroupedHome } from '@hearth/protocol';

/** Spec 2 §2 and §6: what the device settings screen offers to whom. */
export function deviceSettingsRules(
  home: GroupedHome,
  devId: string,
  homes: readonly GroupedHome[],
  native: boolean,
) {
  const device = home.devs.find((d) => d.dev_id === devId);
  const targets = homes.filter((h) => h.owner && h.id !== home.id);
  const wifiHeater = device ? isWifiHeaterProduct(device.product_id) : false;
  return {
    device,
    canEditName: home.owner,
    canDelete: home.owner,
    transferTargets: home.owner ? targets : [],
    showWifiConfig: native && wifiHeater,
    // Hidden when the home has more than one device or any wifi heater.
    showHeaterSettings:
      home.devs.length === 1 && !home.devs.some((d) => isWifiHeaterProduct(d.product_id)),
  };
}
