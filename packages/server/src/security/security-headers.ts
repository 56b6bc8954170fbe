import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** The map tile URL template the app was built with (VITE_MAP_TILE_URL), if any. */
  mapTileUrl: string | undefined;
  /** Strict-Transport-Security max-age for https requests; 0 sends none. */
  hstsMaxAgeS: number;
}

/**
 * The CSP source of a Leaflet tile URL template: `https://{s}.tile.example.org/{z}/{x}/{y}.png`
 * → `https://*.tile.example.org`. A same-origin template needs none ('self' covers it).
 */
export function tileSource(template: string | undefined): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template?.trim() ?? '');
  if (!match) return undefined;
  const [, scheme, host = ''] = match;
  const labels = host.split('.');
  // Placeholders such as {s} pick a subdomain: CSP allows a wildcard only as the leftmost label.
  const lastPlaceholder = labels.reduce((at, label, i) => (label.includes('{') ? i : at), -1);
  if (lastPlaceholder < 0) return `${scheme}://${host}`;
  const rest = labels.slice(lastPlaceholder + 1);
  return rest.length >= 2 ? `${scheme}://*.${rest.join('.')}` : undefined;
}

/**
 * The Content-Security-Policy of the app and everything else the server answers. The built
 * app loads only its own scripts; the browser journey e2e/tests/security-csp.spec.ts walks
 * the app under this policy and fails on any violation.
 */
export function contentSecurityPolicy(mapTileUrl: string | undefined): Record<string, string[]> {
  const tiles = tileSource(mapTileUrl);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // Ionic's web components add <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Leaflet's marker icons are inlined as data: URLs by the build; tiles come from the map server.
    imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers the realtime socket's ws:/wss: on the same host (CSP level 3).
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Security headers on every answer of the HTTP server: CSP, nosniff, referrer policy,
 * framing refused, and HSTS on https only (directly or through a trusted proxy's
 * X-Forwarded-Proto), since a plain-http LAN install must stay reachable.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: SecurityHeadersOptions,
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(opts.mapTileUrl),
    },
    // Set below, only on https.
    strictTransportSecurity: false,
    // OpenStreetMap-style tile servers want to see which site asks (the origin, no path).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Nothing is authenticated by cookie (the API wants a bearer header), so another origin
    // embedding a file gets only what is public anyway; the native app (capacitor://) and
    // other front-ends of the wire format may show the brand images.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    // Geolocation is the app's own feature (home presence); nothing else is asked for.
    void reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    if (opts.hstsMaxAgeS > 0 && request.protocol === 'https') {
      void reply.header('strict-transport-security', `max-age=${opts.hstsMaxAgeS}`);
    }
  });
}
