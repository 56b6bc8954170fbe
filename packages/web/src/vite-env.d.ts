/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; empty means the origin that served the app. */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_CLIENT_SECRET?: string;
  /** Map tile URL template ({z}/{x}/{y}); empty shows the map without tiles. */
  readonly VITE_MAP_TILE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The year the app was built, set by vite.config.ts (absent in unit tests). */
declare const __BUILD_YEAR__: number | undefined;
