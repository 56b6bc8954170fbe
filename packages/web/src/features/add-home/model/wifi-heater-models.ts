import { WIFI_HEATER_PRODUCT_IDS, type BrandCatalogue } from '@hearth/protocol';

/**
 * Spec 2 §2: the models offered when installing a wifi heater, by the rule node installation
 * uses for node types (nodeModels): the brand catalogue's list (`wifiHeaters`), else the spec
 * list of wifi heater product ids until the brand file is loaded. The model names the heater's
 * image and label only; it registers as the wifi heater product id (spec 2 §3).
 */
export function wifiHeaterModels(catalogue: BrandCatalogue | undefined): string[] {
  const listed = catalogue?.wifiHeaters;
  return listed ? listed.map((p) => p.codigo) : [...WIFI_HEATER_PRODUCT_IDS];
}
