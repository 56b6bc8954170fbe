// `npm run bench:cloud-link`: what one process running the cloud link's bridges carries.
//
// A Hearth plays the vendor cloud (same wire format) in a child process, with one account of
// --devices simulated gateways (one radiator each) over --homes homes. The Hearth under test
// runs in this process with CLOUD_LINK=server, links that account and brings every device in:
// it measures the time from "bring" to every device's first full snapshot, the heap and RSS
// the bridges add per device, and the round trip of writes made on it (until its status shows
// the change confirmed by the simulated heater behind the cloud) with how many were confirmed
// or failed within the bridge's 10 s. Both Hearths use PGlite in memory and embedded brokers.
// With --disrupt, two more rounds of the same writes through the link: one while the cloud ends
// every sign-in of the account (its tokens refused from then on), one while the cloud process is
// killed and started again; each write is counted confirmed, failed with a reason (Hearth shows
// the old value again) or lost (no answer within the bridge's 10 s and 5 s more).
import './lib/no-delay';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { gatewaySecret, startFleet } from '@hearth/simulator';
import { CLOUD_LINK_TIMING, linkedDevId } from '@hearth/cloud-link';
import { hashPassword } from '../packages/server/src/auth/passwords';
import { loadConfig } from '../packages/server/src/config';
import { nodes } from '../packages/server/src/db/schema';
import { buildHearth } from '../packages/server/src/hearth';
import { createRepositories } from '../packages/server/src/repositories';
import { ms, report, summary } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100' },
    homes: { type: 'string', default: '3' },
    writes: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '4' },
    'cloud-port': { type: 'string', default: '18780' },
    port: { type: 'string', default: '18781' },
    'serve-cloud': { type: 'boolean', default: false },
    disrupt: { type: 'boolean', default: false },
  },
});
const DEVICES = Number(args.devices);
const HOMES = Number(args.homes);
const CLOUD_EMAIL = 'cloud-owner@example.com';
// Letters, digits and underscores only, as a new password must be: --disrupt sets it again.
const CLOUD_PASSWORD = 'cloud_owner_pass1';
const CLOUD_GATEWAY_KEY = 'bench-cloud-gateway-key-0123456789';
const devIdOf = (i: number) => `c1d0${i.toString(16).padStart(14, '0')}`;

/** The child: the vendor cloud with its account, homes and simulated gateways. */
async function serveCloud(): Promise<void> {
  const config = loadConfig({
    PORT: args['cloud-port'],
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-bench-cloud-')),
    DATABASE_URL: 'memory://',
    GATEWAY_KEY: CLOUD_GATEWAY_KEY,
    JWT_SECRET: 'bench-cloud-jwt-secret-0123456789',
    DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  const hearth = await buildHearth(config);
  const url = await hearth.listen();
  const repos = createRepositories(hearth.db);
  const owner = await repos.users.create({
    email: CLOUD_EMAIL,
    passwordHash: await hashPassword(CLOUD_PASSWORD),
    serialId: '01.01',
    verified: true,
  });
  const homes = [];
  for (let h = 0; h < HOMES; h += 1)
    homes.push(
      await repos.homes.create({
        ownerId: owner.id,
        name: `Home ${h + 1}`,
        geoData: { tz_code: 'Europe/Madrid' },
      }),
    );
  const gateways = [];
  for (let i = 0; i < DEVICES; i += 1) {
    const devId = devIdOf(i);
    await repos.devices.claim(devId, homes[i % HOMES]!.id, {
      name: `Gateway ${i + 1}`,
      productId: '0002',
      serialId: '01.01',
    });
    gateways.push({
      devId,
      secret: gatewaySecret(CLOUD_GATEWAY_KEY, devId),
      timezone: 'Europe/Madrid',
      nodes: [{ type: 'htr' as const, name: `Room ${i + 1}`, addr: 2 }],
    });
  }
  await startFleet({ mqttUrl: hearth.gatewayMqttUrl(), gateways, reportPhase: 'spread' });
  await hearth.gatewayIdle();
  console.log(JSON.stringify({ url, ownerId: owner.id }));
}

async function startCloud(): Promise<{ url: string; ownerId: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve-cloud',
      '--devices',
      String(DEVICES),
      '--homes',
      String(HOMES),
      '--cloud-port',
      args['cloud-port'],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) {
      const ready = JSON.parse(line) as { url: string; ownerId: string };
      return { ...ready, child };
    }
  }
  throw new Error('the cloud process ended before it was ready');
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function main(): Promise<void> {
  let cloud = await startCloud();
  // The cloud's process ends with this one, whatever ends it.
  process.on('exit', () => cloud.child.kill('SIGTERM'));
  console.log(`cloud ready at ${cloud.url} with ${DEVICES} devices over ${HOMES} homes`);
  const upstreams = [
    {
      name: 'bench-cloud',
      apiBaseUrl: cloud.url,
      clientId: 'hearth-app',
      clientSecret: 'hearth-dev-secret',
      serialId: '01.01',
      referer: 'https://app.example.com',
      clockMonthFrom: 1,
    },
  ];
  const hearth = await buildHearth(
    loadConfig({
      PORT: args.port,
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'hearth-bench-own-')),
      DATABASE_URL: 'memory://',
      GATEWAY_KEY: 'bench-own-gateway-key-0123456789',
      JWT_SECRET: 'bench-own-jwt-secret-0123456789',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      CLOUD_UPSTREAMS_JSON: JSON.stringify(upstreams),
    }),
  );
  const url = await hearth.listen();
  const repos = createRepositories(hearth.db);
  const me = await repos.users.create({
    email: 'me@example.com',
    passwordHash: await hashPassword('bench-own-password'),
    serialId: '01.01',
    verified: true,
  });
  const home = await repos.homes.create({
    ownerId: me.id,
    name: 'Mine',
    geoData: { tz_code: 'Europe/Madrid' },
  });
  const tokenRes = await fetch(`${url}/client/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('hearth-app:hearth-dev-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'me@example.com',
      password: 'bench-own-password',
    }).toString(),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };

  const linked = await call('POST', '/api/v2/cloud_links/accounts', {
    cloud: 'bench-cloud',
    email: CLOUD_EMAIL,
    password: CLOUD_PASSWORD,
  });
  const accountId = linked.id as string;
  const upstreamIds = Array.from({ length: DEVICES }, (_, i) => devIdOf(i));
  const hearthIds = upstreamIds.map((id) => linkedDevId('bench-cloud', id));

  gc();
  await sleep(200);
  const before = process.memoryUsage();
  const broughtAt = performance.now();
  // The API takes up to 50 dev ids per request: bring them in batches (each batch restarts
  // the account's bridges, as a new device does).
  for (let i = 0; i < upstreamIds.length; i += 50)
    await call('POST', `/api/v2/cloud_links/accounts/${accountId}/devs`, {
      group_id: home.id,
      devs: upstreamIds.slice(i, i + 50),
    });
  const broughtBackAt = performance.now();
  // Every device's first full snapshot: its radiator's status stored.
  const withStatus = async () =>
    (
      await hearth.db
        .select({ devId: nodes.devId })
        .from(nodes)
        .where(and(inArray(nodes.devId, hearthIds), isNotNull(nodes.status)))
    ).length;
  let carried = 0;
  const deadline = performance.now() + 10 * 60_000;
  while (performance.now() < deadline) {
    carried = await withStatus();
    if (carried === DEVICES) break;
    await sleep(50);
  }
  const snapshotMs = performance.now() - broughtAt;
  await sleep(2_000);
  gc();
  await sleep(200);
  const after = process.memoryUsage();

  // Writes: each a set point on a device's radiator, timed until its status shows it
  // confirmed (sync_status ok with the new value), polled every 10 ms; first through the link
  // (on the Hearth under test), then the same writes made on the cloud itself, the floor the
  // link adds to.
  const WRITES = Number(args.writes);
  const CONCURRENCY = Number(args.concurrency);
  async function timeWrites(target: {
    post: (i: number, stemp: string) => Promise<void>;
    read: (i: number) => Promise<{ stemp?: string; sync_status?: string } | null | undefined>;
  }) {
    const rtts: number[] = [];
    let failed = 0;
    let lost = 0;
    let late = 0;
    let next = 0;
    const worker = async () => {
      while (next < WRITES) {
        const n = next;
        next += 1;
        // Consecutive writes go to different devices: none waits on another of its own.
        const i = n % DEVICES;
        const stemp = (17 + (n % 8) * 0.5).toFixed(1);
        const started = performance.now();
        try {
          await target.post(i, stemp);
        } catch {
          // Refused at once, with its status and text: a failure with a reason.
          failed += 1;
          continue;
        }
        const limit = started + CLOUD_LINK_TIMING.writeConfirmMs + 5_000;
        let done = false;
        while (performance.now() < limit) {
          const status = await target.read(i);
          if (status?.sync_status === 'ok') {
            if (status.stemp === stemp) {
              const took = performance.now() - started;
              rtts.push(took);
              if (took > CLOUD_LINK_TIMING.writeConfirmMs) late += 1;
            } else failed += 1;
            done = true;
            break;
          }
          await sleep(10);
        }
        if (!done) lost += 1;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
    return { rtts, failed, lost, late, s: summary(rtts) };
  }
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const linkedWrites = await timeWrites({
    post: async (i, stemp) =>
      void (await call('POST', `/api/v2/devs/${hearthIds[i]}/htr/2/status`, { stemp, units: 'C' })),
    read: async (i) => {
      const [row] = await hearth.db
        .select({ status: nodes.status })
        .from(nodes)
        .where(and(eq(nodes.devId, hearthIds[i]!), eq(nodes.type, 'htr'), eq(nodes.addr, 2)));
      return row?.status as { stemp?: string; sync_status?: string } | null;
    },
  });
  loop.disable();
  const cloudSignIn = async () =>
    (
      (await (
        await fetch(`${cloud.url}/client/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from('hearth-app:hearth-dev-secret').toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            grant_type: 'password',
            username: CLOUD_EMAIL,
            password: CLOUD_PASSWORD,
          }).toString(),
        })
      ).json()) as { access_token: string }
    ).access_token;
  const cloudToken = await cloudSignIn();
  const onCloud = (i: number) => `${cloud.url}/api/v2/devs/${upstreamIds[i]}/htr/2/status`;
  const cloudHeaders = {
    authorization: `Bearer ${cloudToken}`,
    'content-type': 'application/json',
  };
  const floorWrites = await timeWrites({
    post: async (i, stemp) =>
      void (await fetch(onCloud(i), {
        method: 'POST',
        headers: cloudHeaders,
        body: JSON.stringify({ stemp, units: 'C' }),
      })),
    read: async (i) =>
      (await (await fetch(onCloud(i), { headers: cloudHeaders })).json()) as {
        stemp?: string;
        sync_status?: string;
      },
  });
  // The same writes through the link while the cloud misbehaves, 1 s after they begin.
  const throughLink = {
    post: async (i: number, stemp: string) =>
      void (await call('POST', `/api/v2/devs/${hearthIds[i]}/htr/2/status`, { stemp, units: 'C' })),
    read: async (i: number) => {
      const [row] = await hearth.db
        .select({ status: nodes.status })
        .from(nodes)
        .where(and(eq(nodes.devId, hearthIds[i]!), eq(nodes.type, 'htr'), eq(nodes.addr, 2)));
      return row?.status as { stemp?: string; sync_status?: string } | null;
    },
  };
  const during = async (disrupt: () => Promise<void>) => {
    const [writes] = await Promise.all([timeWrites(throughLink), sleep(1_000).then(disrupt)]);
    return writes;
  };
  const disrupted: { where: string; writes: typeof linkedWrites }[] = [];
  let restartMs = 0;
  if (args.disrupt) {
    // The owner sets the password again elsewhere: the cloud ends every other sign-in, the
    // bridges' access and refresh tokens with them.
    const endSignIns = async () => {
      const res = await fetch(`${cloud.url}/api/v2/users/${cloud.ownerId}/password`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await cloudSignIn()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ password: CLOUD_PASSWORD, new_password: CLOUD_PASSWORD }),
      });
      if (res.status >= 300)
        throw new Error(`ending the sign-ins: ${res.status} ${await res.text()}`);
    };
    disrupted.push({ where: 'across ended sign-ins', writes: await during(endSignIns) });
    // The cloud process killed and started again on its port (same account, devices and
    // password; its database, sessions and sockets new).
    const restart = async () => {
      const down = performance.now();
      cloud.child.kill('SIGKILL');
      await new Promise((r) => cloud.child.once('exit', r));
      cloud = await startCloud();
      restartMs = performance.now() - down;
    };
    disrupted.push({ where: 'across a cloud restart', writes: await during(restart) });
    // The writes above may all end while the cloud is down: the same round again once it answers.
    disrupted.push({
      where: 'once the restarted cloud answers',
      writes: await timeWrites(throughLink),
    });
  }
  const writeRow = (where: string, w: typeof linkedWrites) => ({
    where,
    writes: WRITES,
    concurrency: CONCURRENCY,
    'confirmed ≤ 10 s': w.rtts.length - w.late,
    'confirmed late': w.late,
    'failed with a reason': w.failed,
    lost: w.lost,
    'p50 (ms)': ms(w.s.p50),
    'p95 (ms)': ms(w.s.p95),
    'max (ms)': ms(w.s.max),
  });
  const perDevice = (k: 'heapUsed' | 'rss') => ((after[k] - before[k]) / DEVICES / 1024).toFixed(0);

  report(
    'cloud-link',
    'Cloud link: one process bridging a linked account',
    [
      {
        heading: 'Bringing the account in',
        rows: [
          {
            devices: DEVICES,
            homes: HOMES,
            'carried (first snapshot)': `${carried} / ${DEVICES}`,
            'bring answered (ms)': ms(broughtBackAt - broughtAt),
            'bring → every snapshot (ms)': ms(snapshotMs),
            'heap per device (KiB)': perDevice('heapUsed'),
            'RSS per device (KiB)': perDevice('rss'),
          },
        ],
        note: 'Heap and RSS: this process (the Hearth under test with its bridges) after a GC, before and after every device was brought in and carried; the cloud runs in its own process.',
      },
      {
        heading: 'Writes',
        rows: [
          writeRow('through the link', linkedWrites),
          writeRow('on the cloud itself (floor)', floorWrites),
          ...disrupted.map((d) => writeRow(`through the link, ${d.where}`, d.writes)),
        ],
        note: `Round trip: the write posted until its status shows the new set point confirmed (sync_status ok), polled every 10 ms (through the link: in the database of the Hearth under test; on the cloud: over its REST API). Added by the link: p50 ${ms(linkedWrites.s.p50 - floorWrites.s.p50)} ms, p95 ${ms(linkedWrites.s.p95 - floorWrites.s.p95)} ms. Event-loop delay p99 of this process during the linked writes: ${ms(loop.percentile(99) / 1e6)} ms.${args.disrupt ? ` Disrupted rounds (--disrupt) 1 s after their first write: the cloud ended every sign-in of the account; then the cloud process was killed and started again (${ms(restartMs)} ms until it answered). Failed with a reason: Hearth refused the write or the bridge acknowledged it failed (the old value shown again); lost: still pending ${(CLOUD_LINK_TIMING.writeConfirmMs + 5_000) / 1000} s after it was posted.` : ''}`,
      },
    ],
    {
      devices: DEVICES,
      homes: HOMES,
      writes: WRITES,
      concurrency: Number(args.concurrency),
      disrupt: args.disrupt ? 'yes' : 'no',
      gc: typeof (globalThis as { gc?: unknown }).gc === 'function' ? 'yes' : 'no',
    },
  );
  await hearth.close();
  cloud.child.kill('SIGTERM');
  process.exit(0);
}

if (args['serve-cloud']) {
  serveCloud().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
