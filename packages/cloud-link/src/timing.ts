/**
 * Every time limit of the cloud link, in one place. The figures follow what the vendor
 * clouds tolerate and what their own apps do; the tests name them instead of repeating them.
 */
export const CLOUD_LINK_TIMING = {
  /** Renew an access token when less than this is left of it (the vendor apps use 10 min)… */
  tokenRefreshMarginMs: 10 * 60_000,
  /** …or less than this share of its lifetime, for clouds that hand out short tokens. */
  tokenRefreshMarginShare: 0.2,
  /** One answer of the token endpoint or the REST API may take this long. */
  requestTimeoutMs: 15_000,
  /** Waits after an HTTP 429 when the cloud sends no Retry-After, one after another. */
  rateLimitBackoffMs: [1_000, 5_000, 15_000, 60_000] as const,
  /** The longest Retry-After the link honours as given; a longer one is cut to this. */
  rateLimitMaxWaitMs: 300_000,
  /** Samples are fetched no faster than one request per this. */
  samplesMinIntervalMs: 1_000,
  /** Realtime: at most this many connects… */
  socketBurstConnects: 3,
  /** …within this window, then the backoff steps below. */
  socketBurstWindowMs: 10_000,
  /** Realtime reconnect waits once the burst is spent, the last one repeated. */
  socketBackoffMs: [5_000, 10_000, 30_000, 120_000, 300_000] as const,
  /** The app-level ping (`message` "ping") the vendor apps send on the socket. */
  socketPingMs: 20_000,
  /** A socket with no message for this long is closed and opened again. */
  socketSilenceMs: 240_000,
  /** A write not seen in the cloud's updates after this long is reported failed. */
  writeConfirmMs: 10_000,
} as const;
