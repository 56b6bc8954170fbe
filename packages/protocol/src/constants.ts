/**
 * Business constants named as the spec names them, with the spec's values.
 * Every part of Hearth reads them from here.
 */

/** docs/wire-contract.md §2: access tokens live 4 h. */
export const ACCESS_TOKEN_LIFETIME_S = 14_400;
/** Spec 1 §4: a token counts as expired when less than 10 minutes remain. */
export const TOKEN_EXPIRY_MARGIN_MS = 600_000;
/** Spec 1 §7: default timeout of every call. */
export const HTTP_TIMEOUT_MS = 10_000;
/** Spec 1 §9: a screen whose code has not arrived after this long shows a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Spec 1 §9. */
export const ERROR_TOAST_MS = 5_000;
export const LOGIN_ERROR_TOAST_MS = 3_000;
export const LOGIN_ANIMATION_MS = 1_000;
export const SUCCESS_BACK_DELAY_MS = 5_000;
export const CONFIRMATION_REDIRECT_MS = 5_000;
export const SUCCESS_TOAST_MS = 2_000;
export const INPUT_DEBOUNCE_MS = 500;
/** Spec 1 §4, §9: branding is fetched this long after start-up. */
export const BRANDING_FETCH_DELAY_MS = 500;
/** Spec 1 §4: cached models and branding are trusted only from this storage version on. */
export const MIN_STORAGE_VERSION = 2;
/** Spec 1 §9: the main colour when no branding is loaded. */
export const DEFAULT_MAIN_COLOUR = '#F9B521';

/** Spec 1 §2: the dashboard clock refreshes every minute. */
export const HOME_CLOCK_REFRESH_MS = 60_000;
/** Spec 1 §2: a carousel up to this many homes, a dropdown above. */
export const HOME_CAROUSEL_MAX_HOMES = 8;
export const HOME_CAROUSEL_VISIBLE = 3;
/** Spec 1 §2: the table view needs this width and this many nodes. */
export const TABLE_VIEW_MIN_WIDTH_PX = 810;
export const TABLE_VIEW_MIN_NODES = 10;
/** Spec 1 §2: side panel width. */
export const SIDE_PANEL_WIDTH_PX = 266;

/**
 * Spec 3 §4: realtime connection per device. Issue 25 (ours) replaces "at most 3 attempts":
 * the app keeps trying while visible, the delay doubling from 1 s up to 30 s, each delay
 * shortened by up to half at random so that clients do not all return at the same instant.
 */
export const SOCKET_RECONNECT_DELAY_MS = 1_000;
export const SOCKET_RECONNECT_MAX_DELAY_MS = 30_000;
export const SOCKET_RECONNECT_JITTER = 0.5;
export const SOCKET_PING_INTERVAL_MS = 20_000;
/** Failed attempts in a row after which a socket counts the server as unreachable. */
export const SOCKET_MAX_RECONNECT_ATTEMPTS = 3;
/**
 * How often a gateway reports its changing values (the simulator's default). A value not
 * refreshed for longer than this is shown as stale, with its age.
 */
export const GATEWAY_REPORT_INTERVAL_MS = 30_000;

/**
 * How often a device linked from a vendor cloud account is expected to be heard from: the
 * clouds push readings on change, and the link reads the device's whole snapshot whenever its
 * realtime socket reconnects (a socket silent for 4 minutes is restarted). Not heard from for
 * twice this, the linked device is shown as stale, with the account's state as the reason.
 */
export const CLOUD_LINK_REPORT_INTERVAL_MS = 10 * 60_000;

/** Spec 1 §1: languages of the app. */
export const LANGUAGES = ['en', 'es', 'ca', 'de', 'ru', 'fr', 'it', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Spec 1 §1: front-end version and default copyright year. */
export const FRONTEND_VERSION = '1.41.0-6';
export const DEFAULT_BUILD_YEAR = 2023;

/** Realtime wire names (docs/wire-contract.md §7). */
export const SOCKET_NAMESPACE = '/api/v2/socket_io';
export const SOCKET_PATHS = ['/socket.io/', '/api/v2/socket_io'] as const;

/**
 * The OAuth client that the app and third-party clients use on a development server.
 * A production server refuses to start without its own CLIENT_SECRET.
 */
export const DEV_CLIENT_ID = 'hearth-app';
export const DEV_CLIENT_SECRET = 'hearth-dev-secret';

/**
 * Throttling of credential guessing (issues 9 and 24, ours): how many failed attempts one
 * account and how many attempts one client address get per window before 429
 * `too_many_attempts` with a Retry-After. Successes never count.
 * - signIn: password grants of the token endpoint and the routes that re-check a password
 *   (change password or e-mail, delete account), where the caller's own account counts, never
 *   the user id in the path; a success clears the account's count.
 * - code: redeeming mailed codes (registration, password reset, e-mail change, invitations);
 *   counted per address only (perAccount unused): the codes are unguessable, and nobody may
 *   block a user's code by failing on that user.
 * - mail: requests that send an e-mail (registration, forgotten password); every valid one counts.
 */
export const CREDENTIAL_THROTTLE = {
  signIn: { perAccount: 10, perAddress: 100, windowMs: 15 * 60_000 },
  code: { perAccount: 10, perAddress: 100, windowMs: 15 * 60_000 },
  mail: { perAccount: 5, perAddress: 100, windowMs: 60 * 60_000 },
} as const;
export type CredentialThrottlePolicy = keyof typeof CREDENTIAL_THROTTLE;
