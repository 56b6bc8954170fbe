// npm run bench:web -- [--no-build] [--no-lighthouse] [--dist <folder>] [--port 18480]
//   [--lhr <folder>] (keeps each page's full Lighthouse report there, as <page>.json)
// The web app's JavaScript per route (gzip, from packages/web/dist or the --dist folder, which
// the build writes to instead, so that a bench never touches another build) and a Lighthouse run
// (mobile profile) on the login and dashboard pages in Debian's Chromium. Which scripts a
// route needs is read from what Chromium actually fetched for it, not guessed from names. On
// /login the scripts requested from the light sign-in's prefetch mark on (the full app, fetched
// ahead in idle time for after sign-in) are a row of their own (bench/README.md says why).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET } from '@hearth/protocol';
import { setLocalStorage } from './lib/cdp';
import { report, type Row } from './lib/stats';
import { APP_PREFETCH_MARK } from '../packages/web/src/features/auth/light/prefetch-mark';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const { values } = parseArgs({
  options: {
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean' },
    'no-lighthouse': { type: 'boolean' },
    dist: { type: 'string' },
    port: { type: 'string', default: '18480' },
    lhr: { type: 'string' },
  },
});
const DIST = values.dist ? resolve(values.dist) : join(ROOT, 'packages/web/dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipOf = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const notes: string[] = [];

if (!values['no-build']) {
  const built = values.dist
    ? spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir'], {
        cwd: join(ROOT, 'packages/web'),
        stdio: 'inherit',
      })
    : spawnSync('npm', ['run', 'build', '-w', '@hearth/web'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0)
    notes.push('The web build failed; the figures are from the dist folder already there.');
}
if (!existsSync(join(DIST, 'index.html')))
  throw new Error(`${DIST} has no index.html: build the web app first`);
const assets = join(DIST, 'assets');
const allJs = readdirSync(assets).filter((f) => f.endsWith('.js'));
const totalGzip = allJs.reduce((n, f) => n + gzipOf(join(assets, f)), 0);

// The whole system as `npm start` runs it (demo account, simulated homes), on a spare port.
const port = Number(values.port);
const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/start.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'ignore'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    WEB_DIST: DIST,
    LOG_LEVEL: 'warn',
    MQTT_URL: '',
    REDIS_URL: '',
  },
});
// Whatever ends this process (a failed browser start throws from an event), the server goes too.
process.once('exit', () => server.kill('SIGKILL'));
// `npm start` says when the demo homes' year of records, stored in the background, is complete.
const historyStored = new Promise<void>((resolve) => {
  let out = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-200);
    if (out.includes('Demo records stored')) resolve();
  });
});
const origin = `http://127.0.0.1:${port}`;
const rows: Row[] = [];
const scores: Row[] = [];
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/health_check`)).ok) break;
    } catch (err) {
      if (!(err instanceof Error)) throw err;
    }
    if (i > 150 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  // The demo account is seeded after the server answers its health check: on a loaded machine
  // the first sign-in can come before it, and a session without a token measured /login.
  const signIn = () =>
    fetch(`${origin}/client/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${DEV_CLIENT_ID}:${DEV_CLIENT_SECRET}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'demo@hearth.local',
        password: 'hearth-demo',
      }).toString(),
    });
  let tokens: { access_token?: string; refresh_token?: string } = {};
  for (let i = 0; !tokens.access_token; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 500));
    const tokenRes = await signIn();
    if (tokenRes.ok) tokens = (await tokenRes.json()) as typeof tokens;
    else if (i > 60) throw new Error(`the demo sign-in answered ${tokenRes.status}`);
  }

  // `npm start` stores the demo homes' year of history after it answers, a day at a time:
  // meanwhile the server's thread shares the two cores with the browser, and Lighthouse would
  // measure that start-up instead of the app. Wait until the server says it is done, then
  // until five page loads in a row answer within 50 ms.
  const settleStart = Date.now();
  await Promise.race([historyStored, new Promise((r) => setTimeout(r, 120_000))]);
  for (let quick = 0; quick < 5 && Date.now() - settleStart < 120_000;) {
    const t0 = performance.now();
    await (await fetch(`${origin}/login`)).arrayBuffer();
    quick = performance.now() - t0 < 50 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
  notes.push(
    `Waited ${((Date.now() - settleStart) / 1000).toFixed(1)} s for the server's start-up work.`,
  );

  if (values['no-lighthouse']) {
    notes.push('Lighthouse skipped (--no-lighthouse).');
  } else {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    const pages = [
      { name: 'login', path: '/login', signedIn: false },
      { name: 'dashboard', path: '/', signedIn: true },
    ];
    for (let attempt = 0, i = 0; i < pages.length; i++) {
      const page = pages[i] as (typeof pages)[number];
      if (page.signedIn) {
        await setLocalStorage(chrome.port, origin, {
          'hearth.session': JSON.stringify({
            token: tokens.access_token,
            refreshToken: tokens.refresh_token,
            username: 'demo@hearth.local',
          }),
        });
      }
      const result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: page.signedIn,
      });
      if (!result) throw new Error('Lighthouse returned nothing');
      const { lhr } = result;
      // Lighthouse now and then fails to record the trace on a loaded machine (NO_NAVSTART), and
      // a signed-in page that shows /login measured the wrong screen: each page gets 3 tries.
      const failed = lhr.runtimeError
        ? lhr.runtimeError.code
        : page.signedIn && lhr.finalDisplayedUrl.endsWith('/login')
          ? 'landed on /login'
          : '';
      if (failed && attempt < 2) {
        attempt++;
        notes.push(`${page.name}: a run failed (${failed}); run again.`);
        i--;
        continue;
      }
      attempt = 0;
      if (values.lhr) {
        mkdirSync(values.lhr, { recursive: true });
        writeFileSync(join(values.lhr, `${page.name}.json`), JSON.stringify(lhr));
      }
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      scores.push({
        page: `${page.name} (${lhr.finalDisplayedUrl.replace(origin, '')})`,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        LCP: lhr.audits['largest-contentful-paint']?.displayValue ?? '',
        TBT: lhr.audits['total-blocking-time']?.displayValue ?? '',
        CLS: lhr.audits['cumulative-layout-shift']?.displayValue ?? '',
        // Lighthouse's measure of this machine's CPU speed, taken at the run: the mobile
        // profile slows the CPU 4× from whatever the host is, so scores only compare between
        // runs with a similar index.
        'CPU index': lhr.environment.benchmarkIndex,
      });
      const network = lhr.audits['network-requests']?.details as
        | {
            items?: { url: string; resourceType?: string; rendererStartTime?: number }[];
            debugData?: { networkStartTimeTs?: number };
          }
        | undefined;
      const scripts = (network?.items ?? [])
        .filter((it) => it.resourceType === 'Script' && it.url.startsWith(`${origin}/assets/`))
        .map((it) => ({ file: basename(new URL(it.url).pathname), at: it.rendererStartTime }));
      const gzipOfAll = (list: { file: string }[]) =>
        list
          .map(({ file }) => (existsSync(join(assets, file)) ? gzipOf(join(assets, file)) : 0))
          .reduce((a, b) => a + b, 0);
      // The light sign-in marks the moment it starts fetching the full app ahead, in idle time
      // (packages/web/src/features/auth/light/prefetch-mark.ts). The scripts requested before
      // it are the route's own; those from it on are the app for after sign-in. Request times
      // count from the first request, the mark from the navigation's time origin: the metrics
      // audit gives both clocks' starts, to put them on one.
      const mark = (
        lhr.audits['user-timings']?.details as
          { items?: { name: string; startTime: number }[] } | undefined
      )?.items?.find((it) => it.name === APP_PREFETCH_MARK)?.startTime;
      const metrics = (
        lhr.audits.metrics?.details as { items?: { observedTimeOriginTs?: number }[] } | undefined
      )?.items?.[0];
      const firstRequestTs = network?.debugData?.networkStartTimeTs;
      const offsetMs =
        firstRequestTs !== undefined && metrics?.observedTimeOriginTs !== undefined
          ? (firstRequestTs - metrics.observedTimeOriginTs) / 1000
          : undefined;
      const ahead =
        mark !== undefined && offsetMs !== undefined
          ? scripts.filter((s) => s.at !== undefined && s.at + offsetMs >= mark)
          : [];
      const own = scripts.filter((s) => !ahead.includes(s));
      const gz = gzipOfAll(own);
      rows.push({
        route: `${page.name} (${page.path})`,
        scripts: own.length,
        'JS gzip KB': kb(gz),
        'target < 150 KB (login)':
          page.name === 'login' ? (gz < 150 * 1024 ? 'met' : 'missed') : '',
      });
      if (mark !== undefined) {
        rows.push({
          route: `${page.name}: the app fetched ahead, in idle time from ${Math.round(mark)} ms`,
          scripts: ahead.length,
          'JS gzip KB': kb(gzipOfAll(ahead)),
          'target < 150 KB (login)': '',
        });
        if (offsetMs === undefined)
          notes.push(`${page.name}: the request clock could not be aligned with the mark.`);
      }
      // What held performance back: the metrics and diagnostics Lighthouse scored below 0.9.
      const slow = Object.values(lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.displayValue &&
          lhr.categories.performance?.auditRefs.some((r) => r.id === a.id),
      );
      if (slow.length > 0)
        notes.push(
          `${page.name}: performance held back by ${slow.map((a) => `${a.id} (${a.displayValue})`).join(', ')}`,
        );
      for (const failed of Object.values(lhr.audits).filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
      )) {
        // Which elements failed, so that the fix can be found from the report alone.
        const nodes = (
          (failed.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ??
          []
        )
          .map((item) => item.node?.selector)
          .filter((selector): selector is string => Boolean(selector));
        const shown = nodes.slice(0, 8).map((selector) => `\`${selector}\``);
        notes.push(
          `${page.name}: accessibility audit "${failed.id}" scored ${failed.score}` +
            (shown.length > 0 ? ` (${nodes.length} elements: ${shown.join(', ')})` : ''),
        );
      }
    }
  }
} catch (err) {
  notes.push(`Lighthouse could not run: ${(err as Error).message}`);
} finally {
  if (chrome) await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
rows.push({
  route: 'all chunks in dist',
  scripts: allJs.length,
  'JS gzip KB': kb(totalGzip),
  'target < 150 KB (login)': '',
});
report(
  'web',
  'Web app: JavaScript per route and Lighthouse (mobile)',
  [
    { heading: 'JavaScript per route (gzip -9 of the files Chromium fetched)', rows },
    {
      heading: 'Lighthouse (mobile profile, simulated throttling)',
      rows: scores,
      note: notes.join('\n\n') || undefined,
    },
  ],
  { chromium: CHROMIUM },
);
process.exit(0);
