import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

// A real Prometheus (Debian's package: scripts/ensure-prometheus.mjs; `npm run test:services`
// sets TEST_PROMETHEUS to its binary) scrapes the real server with the bearer token, with the
// very configuration docs/operations.md gives an operator, and the metrics are queried back
// through its HTTP API. A second job without the token is refused.
const PROMETHEUS = process.env.TEST_PROMETHEUS;
const TOKEN = 'prometheus-scrape-token-0123';

interface QueryResult {
  status: string;
  data: {
    resultType: string;
    result: Array<{ metric: Record<string, string>; value: [number, string] }>;
  };
}
interface TargetsResult {
  data: {
    activeTargets: Array<{ labels: Record<string, string>; health: string; lastError: string }>;
  };
}

/** The first scrape configuration of docs/operations.md's "Scraping" (one host, with the token). */
function documentedScrapeConfig(): string {
  const doc = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Scraping'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/operations.md has no scrape configuration under Scraping');
  return block;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.runIf(PROMETHEUS)('scraped by a real Prometheus', () => {
  let t: TestHearth;
  let prometheus: ChildProcess | undefined;
  let api = '';
  let dir = '';
  let log = '';

  beforeAll(async () => {
    t = await startTestHearth({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    const target = new URL(t.hearth.metricsUrl() ?? '').host;
    dir = mkdtempSync(join(tmpdir(), 'hearth-prometheus-'));
    writeFileSync(join(dir, 'token'), TOKEN, { mode: 0o600 });
    // The scrape configuration docs/operations.md gives an operator, pointed at this server.
    const documented = documentedScrapeConfig();
    expect(documented).toContain("- targets: ['127.0.0.1:9464']");
    const config = documented
      .replace('127.0.0.1:9464', target)
      .replace(/credentials_file: \S+/, `credentials_file: ${join(dir, 'token')}`);
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        config.trimEnd(),
        '  - job_name: no-token',
        '    static_configs:',
        `      - targets: ['${target}']`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS ?? 'prometheus',
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await vi.waitFor(
      async () => {
        if (prometheus?.exitCode !== null) throw new Error(`prometheus exited:\n${log}`);
        expect((await fetch(`${api}/-/ready`)).status).toBe(200);
      },
      { timeout: 30_000, interval: 200 },
    );
  });

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await t?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function query(promql: string): Promise<QueryResult['data']['result']> {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await res.json()) as QueryResult;
    expect(body.status).toBe('success');
    return body.data.result;
  }

  it('scrapes the server with its token and answers a query for a metric of a route', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${t.url}/health_check`)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const [found] = await query(
          'hearth_http_request_duration_seconds_count{job="hearth",route="/health_check",code="200",method="GET"}',
        );
        expect(Number(found?.value[1])).toBeGreaterThanOrEqual(3);
      },
      { timeout: 30_000, interval: 500 },
    );
    const [up] = await query('up{job="hearth"}');
    expect(up?.value[1]).toBe('1');
    const [build] = await query('hearth_build_info{job="hearth"}');
    expect(build?.metric).toMatchObject({ commit: 'dev', job: 'hearth' });
    // A histogram Prometheus takes a quantile of (since the start: no rate of a counter at rest).
    const [p99] = await query(
      'histogram_quantile(0.99, sum by (le) (hearth_http_request_duration_seconds_bucket{job="hearth",route="/health_check"}))',
    );
    expect(Number(p99?.value[1])).toBeGreaterThan(0);
    const [lag] = await query('nodejs_eventloop_lag_seconds{job="hearth"}');
    expect(Number(lag?.value[1])).toBeGreaterThanOrEqual(0);
  });

  it('is refused to a scrape without the token', async () => {
    await vi.waitFor(
      async () => {
        const res = await fetch(`${api}/api/v1/targets?state=active`);
        const { data } = (await res.json()) as TargetsResult;
        const target = data.activeTargets.find((x) => x.labels.job === 'no-token');
        expect(target?.health).toBe('down');
        expect(target?.lastError).toContain('401');
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(await query('up{job="no-token"}')).toMatchObject([{ value: [expect.anything(), '0'] }]);
    expect(await query('hearth_build_info{job="no-token"}')).toEqual([]);
  });
});
