import { z } from 'zod';
import type { NodeType } from './node-types';

/**
 * Static configuration answered without auth (docs/wire-contract.md §3): the brand file, the per-brand
 * client data (spec 1 §3 "Branding data", §7) and the max power configuration.
 * Objects are loose because operators may add fields of their own in their override files.
 */

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

/** An item of the brand product catalogue; the app builds node images from ruta_imagen + nombre_imagen. */
export const brandProductSchema = z.looseObject({
  codigo: z.string().min(1),
  ruta_imagen: z.string(),
  nombre_imagen: z.string(),
});
export type BrandProduct = z.infer<typeof brandProductSchema>;

/** The first entry of `productos` holds these lists (spec 1 §3). */
export const brandCatalogueSchema = z.looseObject({
  Radiadores: z.array(brandProductSchema),
  wifiHeaters: z.array(brandProductSchema),
  Acumuladores: z.array(brandProductSchema),
  Termostatos: z.array(brandProductSchema),
  Medidores: z.array(brandProductSchema),
});

export const brandSchema = z.looseObject({
  css: z.looseObject({ brand: z.string().min(1), sbrand: z.string(), cprimary: hexColour }),
  cprimary: hexColour,
  clight: hexColour,
  cdark: hexColour,
  cdarksh: hexColour,
  brand_soporte: z.string(),
  brand_url_label: z.string(),
  productos: z.array(brandCatalogueSchema).min(1),
});
export type Brand = z.infer<typeof brandSchema>;

/** Brand keys are the 2-character serial key (the first two characters of a serial id). */
export const BRAND_KEY_PATTERN = /^[A-Za-z0-9]{2}$/;
export const brandsFileSchema = z.record(z.string().regex(BRAND_KEY_PATTERN), brandSchema);
export type BrandsFile = z.infer<typeof brandsFileSchema>;

/** Client-data files in the order the app reads them (spec 1 §7). */
export const CLIENT_DATA_FILES = [
  'appParameters',
  'supportData',
  'capabilities',
  'resources',
  'nodeParameters',
] as const;
export type ClientDataFile = (typeof CLIENT_DATA_FILES)[number];

export const appParametersSchema = z.looseObject({
  title: z.string().min(1),
  /** Origin that e-mailed links point to; empty means "the origin the app was loaded from". */
  frontendHost: z.string(),
  /** Largest geolocation range in metres the home settings slider offers (spec 2 §5). */
  maxOutdoorRange: z.number().int().positive(),
});

export const supportDataSchema = z.looseObject({
  email: z.string(),
  phone: z.string(),
  web: z.string(),
  address: z.string(),
});

export const capabilitiesSchema = z.looseObject({
  supportedNodeTypes: z.array(z.string()),
  supportedLanguages: z.array(z.string()),
  supportedTimezones: z.array(z.string()),
  wifiSmartboxAvailable: z.boolean(),
  /**
   * Whether the ethernet smartbox is offered in the native app (spec 2 §2, ruling D7: the web
   * app always offers it). Absent means offered, so brand files written before it still parse.
   */
  ethernetAvailable: z.boolean().optional(),
  geolocationEnabled: z.boolean(),
  inviteEnabled: z.boolean(),
  powerScheduleAvailable: z.boolean(),
  sampleDownloadEnabled: z.boolean(),
  htrPowerLimitAvailable: z.boolean(),
});

/** Empty strings mean "not offered": the app hides the matching link. */
export const resourcesSchema = z.looseObject({
  androidAppLink: z.string(),
  iosAppLink: z.string(),
  voiceAssistantInfoUri: z.string(),
  alexaInfoUri: z.string(),
});

const temperatureRange = z.object({ min: z.number(), max: z.number() });
const thresholdPair = z.object({ eco: temperatureRange, comfort: temperatureRange });

/** Thermostat set-point ranges in °C, for heating and for cooling, each eco and comfort (spec 1 §3). */
export const nodeParametersSchema = z.looseObject({
  tempThresholds: z.object({ heat: thresholdPair, cold: thresholdPair }),
});

export const clientDataSchemas = {
  appParameters: appParametersSchema,
  supportData: supportDataSchema,
  capabilities: capabilitiesSchema,
  resources: resourcesSchema,
  nodeParameters: nodeParametersSchema,
} as const satisfies Record<ClientDataFile, z.ZodType>;

export type ClientData = { [K in ClientDataFile]: z.infer<(typeof clientDataSchemas)[K]> };

/**
 * One selectable value of the max power modal (GET /assets/maxPowerConfig.json):
 * `value` in watts within the spec's 1000–60000 W bounds, `label` a unit-suffixed display text.
 */
export const maxPowerOptionSchema = z.object({
  value: z.number().int().min(1000).max(60000),
  label: z.string().min(1),
});
export type MaxPowerOption = z.infer<typeof maxPowerOptionSchema>;

export type BrandCatalogue = z.infer<typeof brandCatalogueSchema>;

/** Spec 2 §3 "Node models per type": the list of the brand catalogue each node type draws from. */
export const CATALOGUE_LIST_OF_TYPE = {
  htr: 'Radiadores',
  acm: 'Acumuladores',
  thm: 'Termostatos',
  pmo: 'Medidores',
} as const satisfies Record<NodeType, keyof BrandCatalogue>;

/** Spec 1 §3 "Models per type", used until the brand file is loaded. */
export const DEFAULT_NODE_MODELS: Readonly<Record<NodeType, readonly string[]>> = {
  htr: ['RMN', 'RVM'],
  acm: ['ACM'],
  pmo: ['pmo'],
  thm: ['SRE'],
};

/** The model codes (codigo) offered for a node type: the brand's catalogue, else the defaults. */
export function nodeModels(catalogue: BrandCatalogue | undefined, type: NodeType): string[] {
  const listed = catalogue?.[CATALOGUE_LIST_OF_TYPE[type]];
  return listed ? listed.map((p) => p.codigo) : [...DEFAULT_NODE_MODELS[type]];
}
