import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  brandSchema,
  clientDataSchemas,
  maxPowerOptionSchema,
  BRAND_KEY_PATTERN,
  type BrandsFile,
  type ClientData,
  type ClientDataFile,
  type MaxPowerOption,
} from '@hearth/protocol';
import { BUNDLED_BRANDS, DEFAULT_BRAND_KEY } from './brands';
import { BUNDLED_CLIENT_DATA } from './client-data-defaults';
import { MAX_POWER_CONFIG } from './max-power-config';
import { isPlainObject, readOperatorJson } from './operator-files';

/**
 * The static configuration answers, bundled defaults overlaid with the operator's files:
 *   DATA_DIR/branding/brands.json                 brands by serial key, each replaces or adds one brand
 *   DATA_DIR/client-data/{serialId}/{file}.json   keys laid over the bundled file of that brand
 *   DATA_DIR/assets/maxPowerConfig.json           the whole list
 * An override that does not fit its schema is logged and skipped.
 */
export class StaticConfig {
  constructor(
    private readonly dataDir: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async brands(): Promise<BrandsFile> {
    const brands: BrandsFile = { ...BUNDLED_BRANDS };
    const operator = await readOperatorJson(this.dataDir, ['branding', 'brands.json'], this.log);
    if (operator === undefined) return brands;
    if (!isPlainObject(operator)) {
      this.log.warn('operator brands.json is not an object keyed by serial key; ignored');
      return brands;
    }
    for (const [key, value] of Object.entries(operator)) {
      const parsed = brandSchema.safeParse(value);
      if (BRAND_KEY_PATTERN.test(key) && parsed.success) brands[key] = parsed.data;
      else this.log.warn({ key, issues: parsed.error?.issues }, 'operator brand ignored');
    }
    return brands;
  }

  /**
   * Lookup order: the operator's file for this serial, the bundled brand of this serial, the
   * operator's file for the default brand, the bundled default. Operator keys are laid over
   * the bundled file so a partial override (say, only `title`) still answers every field.
   */
  async clientData<F extends ClientDataFile>(serialId: string, file: F): Promise<ClientData[F]> {
    const bundledDefault = BUNDLED_CLIENT_DATA[DEFAULT_BRAND_KEY] as ClientData;
    const bundled = BUNDLED_CLIENT_DATA[serialId];
    const own = await this.overlay(serialId, file, (bundled ?? bundledDefault)[file]);
    if (own) return own;
    if (bundled) return bundled[file];
    return (
      (await this.overlay(DEFAULT_BRAND_KEY, file, bundledDefault[file])) ?? bundledDefault[file]
    );
  }

  private async overlay<F extends ClientDataFile>(
    serialId: string,
    file: F,
    base: ClientData[F],
  ): Promise<ClientData[F] | undefined> {
    const operator = await readOperatorJson(
      this.dataDir,
      ['client-data', serialId, `${file}.json`],
      this.log,
    );
    if (operator === undefined) return undefined;
    if (!isPlainObject(operator)) {
      this.log.warn({ serialId, file }, 'operator client-data file is not an object; ignored');
      return undefined;
    }
    const parsed = clientDataSchemas[file].safeParse({ ...base, ...operator });
    if (!parsed.success) {
      this.log.warn(
        { serialId, file, issues: parsed.error.issues },
        'operator client-data file ignored',
      );
      return undefined;
    }
    return parsed.data as ClientData[F];
  }

  async maxPowerConfig(): Promise<readonly MaxPowerOption[]> {
    const operator = await readOperatorJson(
      this.dataDir,
      ['assets', 'maxPowerConfig.json'],
      this.log,
    );
    if (operator === undefined) return MAX_POWER_CONFIG;
    const parsed = z.array(maxPowerOptionSchema).min(1).safeParse(operator);
    if (parsed.success) return parsed.data;
    this.log.warn({ issues: parsed.error.issues }, 'operator maxPowerConfig.json ignored');
    return MAX_POWER_CONFIG;
  }
}
