/** Node types on the wire (docs/wire-contract.md §1). `htr_mod` is read as an alias of `htr`. */
export const NODE_TYPES = ['htr', 'acm', 'pmo', 'thm'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** Types that heat a room and carry status/setup/prog. */
export const HEATER_TYPES = ['htr', 'acm', 'thm'] as const satisfies readonly NodeType[];
export type HeaterType = (typeof HEATER_TYPES)[number];

export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnits = (typeof TEMPERATURE_UNITS)[number];

/** Product ids of wifi heaters (spec 1 §4, spec 3 §4). */
export const WIFI_HEATER_PRODUCT_IDS = ['021D', '0A31', '0A34', '0A39'] as const;

export function isWifiHeaterProduct(productId: string): boolean {
  return (WIFI_HEATER_PRODUCT_IDS as readonly string[]).includes(productId.toUpperCase());
}

export function isNodeType(value: string): value is NodeType {
  return (NODE_TYPES as readonly string[]).includes(value);
}

/** Reads a type from a path segment, mapping the older `htr_mod` family onto `htr`. */
export function parseNodeType(value: string): NodeType | undefined {
  if (value === 'htr_mod') return 'htr';
  return isNodeType(value) ? value : undefined;
}

export function isHeaterType(value: NodeType): value is HeaterType {
  return (HEATER_TYPES as readonly string[]).includes(value);
}
