// The container image's HEALTHCHECK (Dockerfile): exits 0 when the server in this container
// answers GET /health_check on its PORT, 1 otherwise. Plain Node, no dependency, so that a
// check every 30 s costs a few milliseconds. deploy/test/start-prod.test.ts runs it.
const port = process.env.PORT || '8080';
const url = `http://127.0.0.1:${port}/health_check`;

try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  if (!res.ok) process.stderr.write(`${url}: HTTP ${res.status}\n`);
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  process.stderr.write(`${url}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
