/**
 * The performance mark the light sign-in sets just before it starts fetching the full app in
 * idle time. bench/web.ts splits the scripts of /login on it: before it, what the sign-in
 * screen needs; from it on, the app fetched ahead for after sign-in.
 */
export const APP_PREFETCH_MARK = 'hearth:app-prefetch';
