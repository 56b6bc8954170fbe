import { create } from 'zustand';
import {
  brandKeyOf,
  DEFAULT_MAIN_COLOUR,
  DEFAULT_SERIAL_PREFIX,
  MIN_STORAGE_VERSION,
  type Brand,
  type BrandsFile,
} from '@hearth/protocol';

export const STORAGE_VERSION = 2;
export const BRANDING_STORAGE_KEY = 'hearth.branding';
/** The brand a serial id without its own entry falls back to (the server's default brand). */
export const FALLBACK_BRAND_KEY = '01';
/** The support address when nothing is loaded. */
export const FALLBACK_SUPPORT = 'support@hearth.example';

interface Persisted {
  version: number;
  serialId: string;
  brands: BrandsFile | null;
}

export interface BrandingState extends Persisted {
  setBrands: (brands: BrandsFile) => void;
  setSerialId: (serialId: string) => void;
}

function load(): Persisted {
  const empty: Persisted = {
    version: STORAGE_VERSION,
    serialId: DEFAULT_SERIAL_PREFIX,
    brands: null,
  };
  try {
    const raw = localStorage.getItem(BRANDING_STORAGE_KEY);
    if (!raw) return empty;
    const parsed = JSON.parse(raw) as Partial<Persisted>;
    if (typeof parsed.version !== 'number' || parsed.version < MIN_STORAGE_VERSION) return empty;
    return {
      version: STORAGE_VERSION,
      serialId: typeof parsed.serialId === 'string' ? parsed.serialId : empty.serialId,
      brands: parsed.brands ?? null,
    };
  } catch {
    // A corrupt cache is refetched.
    return empty;
  }
}

function save(state: Persisted): void {
  const { version, serialId, brands } = state;
  localStorage.setItem(BRANDING_STORAGE_KEY, JSON.stringify({ version, serialId, brands }));
}

/** Branding survives sign-out (spec 1 §4): it lives under its own key, apart from the session. */
export const useBrandingStore = create<BrandingState>()((set, get) => ({
  ...load(),
  setBrands: (brands) => {
    set({ brands });
    save(get());
  },
  setSerialId: (serialId) => {
    set({ serialId });
    save(get());
  },
}));

export interface ResolvedBrand {
  key: string;
  name: string;
  secondName: string;
  primary: string;
  /** The brand's light, dark and darker shades (clight, cdark, cdarksh); primary when absent. */
  light: string;
  dark: string;
  darkShade: string;
  support: string;
  urlLabel: string;
  raw: Brand | undefined;
}

export function resolveBrand(brands: BrandsFile | null, serialId: string): ResolvedBrand {
  const key = brandKeyOf(serialId);
  const raw = brands?.[key] ?? brands?.[FALLBACK_BRAND_KEY];
  return {
    key,
    name: raw?.css.brand ?? 'hearth',
    secondName: raw?.css.sbrand ?? '',
    primary: raw?.cprimary ?? DEFAULT_MAIN_COLOUR,
    light: raw?.clight ?? raw?.cprimary ?? DEFAULT_MAIN_COLOUR,
    dark: raw?.cdark ?? raw?.cprimary ?? DEFAULT_MAIN_COLOUR,
    darkShade: raw?.cdarksh ?? raw?.cprimary ?? DEFAULT_MAIN_COLOUR,
    support: raw?.brand_soporte || FALLBACK_SUPPORT,
    urlLabel: raw?.brand_url_label ?? '',
    raw,
  };
}

export function useBrand(): ResolvedBrand {
  const brands = useBrandingStore((s) => s.brands);
  const serialId = useBrandingStore((s) => s.serialId);
  return resolveBrand(brands, serialId);
}

/** Spec 1 §5: valid serial prefixes are the brand keys the app holds. */
export function useSerialPrefixes(): string[] {
  const brands = useBrandingStore((s) => s.brands);
  // Ruling D11: the brand keys of the operator's brand file plus the default brand's prefix.
  const keys = Object.keys(brands ?? { [FALLBACK_BRAND_KEY]: null });
  return keys.includes(DEFAULT_SERIAL_PREFIX) ? keys : [...keys, DEFAULT_SERIAL_PREFIX];
}
