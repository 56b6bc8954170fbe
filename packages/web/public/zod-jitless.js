// Zod probes for eval (`Function('')`) as its schemas are built, to compile faster parsers.
// The server's Content-Security-Policy forbids eval, so the probe would be a reported
// violation on every load (e2e/tests/security-csp.spec.ts). Zod reads this global config;
// a deferred classic script placed before the app's module scripts runs before them (document
// order), so it is set before any schema exists.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
