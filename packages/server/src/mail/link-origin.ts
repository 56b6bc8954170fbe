import { z } from 'zod';
import type { BrandsFile, ClientData } from '@hearth/protocol';
import { DEFAULT_BRAND_KEY } from '../catalog/brands';
import { SERIAL_ID_PATTERN } from '../catalog/config.routes';
import type { Logger } from '../logger';

/**
 * The base URL the links of a mail open: the `frontend_host` (or invite `confirmation_url`)
 * the caller sent when it is on the configured list, otherwise the server's public URL.
 * The caller's value is never used as given: an address on the list comes back as scheme,
 * host and path only, so nothing a caller adds (credentials, a query) reaches the mail.
 */
export type LinkOrigin = (requested: string | undefined, serialId: string) => Promise<string>;

/** Where the list comes from: the server's own URL and each brand's operator configuration. */
export interface LinkOriginSources {
  /** PUBLIC_URL, else the address the server listens on. */
  publicUrl(): string;
  /** The brands and client data as the app reads them (bundled, laid over by DATA_DIR files). */
  catalog: {
    brands(): Promise<BrandsFile>;
    clientData(serialId: string, file: 'appParameters'): Promise<ClientData['appParameters']>;
  };
  log: Logger;
}

/** Key of brands.json listing the extra origins a brand's mailed links may open. */
export const BRAND_MAIL_ORIGINS_KEY = 'mail_origins';

/**
 * An http(s) URL as `scheme://host[:port][/path]`, lower-cased host, no trailing slash, no
 * credentials, query or fragment; undefined for anything else.
 */
export function linkBase(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const originList = z.array(z.string());

export function createLinkOrigin(sources: LinkOriginSources): LinkOrigin {
  const { catalog, log } = sources;

  async function brandOrigins(serialId: string): Promise<string[]> {
    const brands = await catalog.brands();
    const brand = brands[serialId.slice(0, 2)] ?? brands[DEFAULT_BRAND_KEY];
    const listed = brand?.[BRAND_MAIL_ORIGINS_KEY];
    if (listed === undefined) return [];
    const parsed = originList.safeParse(listed);
    if (!parsed.success) {
      log.warn({ serialId }, `brand ${BRAND_MAIL_ORIGINS_KEY} is not a list of URLs; ignored`);
      return [];
    }
    return parsed.data;
  }

  /** The brand's appParameters.frontendHost: the app itself sends it as frontend_host. */
  async function appFrontendHost(serialId: string): Promise<string[]> {
    if (!SERIAL_ID_PATTERN.test(serialId)) return [];
    const host = (await catalog.clientData(serialId, 'appParameters')).frontendHost;
    return host.trim() ? [host] : [];
  }

  return async (requested, serialId) => {
    const publicUrl = linkBase(sources.publicUrl()) ?? sources.publicUrl();
    const wanted = requested === undefined ? undefined : linkBase(requested);
    if (wanted === undefined || wanted === publicUrl) return publicUrl;
    const allowed = [...(await brandOrigins(serialId)), ...(await appFrontendHost(serialId))];
    if (allowed.some((entry) => linkBase(entry) === wanted)) return wanted;
    log.info(
      { frontendHost: wanted, serialId },
      'mail link origin not configured for this brand; the public URL is used',
    );
    return publicUrl;
  };
}
