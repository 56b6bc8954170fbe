/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; empty means the origin that served the app. */
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_CLIENT_ID?: string;
  readonly VITE_CLIENT_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
