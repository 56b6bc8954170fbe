import { useQuery } from '@tanstack/react-query';
import {
  brandKeyOf,
  CLIENT_DATA_FILES,
  clientDataSchemas,
  type ClientData,
} from '@hearth/protocol';
import { http } from '../http';
import { FALLBACK_BRAND_KEY, useBrandingStore } from '../branding/branding-store';

export type Capabilities = ClientData['capabilities'];
export type AppParameters = ClientData['appParameters'];

/** The brand's feature switches (spec 1 §7 capabilities). */
export interface Features {
  wifiSmartboxAvailable: boolean;
  /** The ethernet smartbox in the native app (the web app always offers it, ruling D7). */
  ethernetAvailable: boolean;
  geolocationEnabled: boolean;
  inviteEnabled: boolean;
  powerScheduleAvailable: boolean;
  sampleDownloadEnabled: boolean;
  htrPowerLimitAvailable: boolean;
}

/** What the app offers while the brand's client data is loading, or when it cannot be read. */
export const DEFAULT_CAPABILITIES: Features = {
  wifiSmartboxAvailable: true,
  ethernetAvailable: true,
  geolocationEnabled: true,
  inviteEnabled: true,
  powerScheduleAvailable: true,
  sampleDownloadEnabled: true,
  htrPowerLimitAvailable: true,
};

type Loaded = Partial<{ [K in keyof ClientData]: ClientData[K] }>;

/**
 * Spec 1 §7 client data: GET /client-data/{serialId}/{file}.json for appParameters,
 * supportData, capabilities, resources and nodeParameters, in that order. A file that fails
 * or does not match its shape is left out; the app then keeps its defaults for it.
 */
export async function fetchClientData(brandKey: string): Promise<Loaded> {
  const loaded: Loaded = {};
  for (const file of CLIENT_DATA_FILES) {
    try {
      const answer = await http.request<unknown>(
        `/client-data/${encodeURIComponent(brandKey)}/${file}.json`,
        { auth: false, quiet: true },
      );
      const parsed = clientDataSchemas[file].safeParse(answer);
      if (parsed.success) Object.assign(loaded, { [file]: parsed.data });
    } catch {
      // Ignored: defaults stand in for a missing file.
    }
  }
  return loaded;
}

/** The client data of the user's brand (the serial id's 2-character key). */
export function useClientData(): Loaded {
  const serialId = useBrandingStore((s) => s.serialId);
  const key = brandKeyOf(serialId) || FALLBACK_BRAND_KEY;
  return (
    useQuery({
      queryKey: ['client-data', key],
      queryFn: () => fetchClientData(key),
      staleTime: Infinity,
      retry: false,
    }).data ?? {}
  );
}

/** The brand's feature switches (spec 1 §7 "capabilities"), defaults until they arrive. */
export function useCapabilities(): Features {
  const loaded = useClientData().capabilities;
  if (!loaded) return DEFAULT_CAPABILITIES;
  const features = { ...DEFAULT_CAPABILITIES };
  // A switch the brand's file leaves out keeps its default (ethernetAvailable is optional).
  for (const key of Object.keys(features) as Array<keyof Features>)
    features[key] = loaded[key] ?? DEFAULT_CAPABILITIES[key];
  return features;
}
