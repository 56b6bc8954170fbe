import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { loadConfig } from '../config';
import type { HearthInternals } from '../hearth';
import type { Repositories } from '../repositories';
import { login, postJson } from '../test-support/http';
import { serveDataDir } from '../test-support/serve-data-dir';
import { createHomeWithDevice, createUser } from '../test-support/test-hearth';
import { resilientGateway } from '../cluster/fault-gateway';
import { createTracing } from './tracing';

describe('tracing of a set-point write', () => {
  const exporter = new InMemorySpanExporter();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-tracing-'));
  let hearth: HearthInternals;
  let repos: Repositories;
  let url: string;
  beforeAll(async () => {
    const served = await serveDataDir(dataDir, {
      database: 'memory://',
      tracing: createTracing(new SimpleSpanProcessor(exporter)),
    });
    // TRACING is off: the spans come from the tracing given, not from an OTLP exporter.
    expect(served.config.tracing).toBe(false);
    ({ hearth, url, repos } = served);
  });
  afterAll(async () => {
    await hearth?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('links the request, the command published to the gateway and its confirming report', async () => {
    const user = await createUser(repos, 'owner@example.com');
    const { devId } = await createHomeWithDevice(repos, user.id);
    const gw = await resilientGateway(hearth.gatewayMqttUrl(), devId, hearth.gatewaySecret(devId));
    await vi.waitFor(async () => expect(await repos.nodes.find(devId, 'htr', 1)).toBeTruthy());
    const { access_token: token } = await login(url, user.email, user.password);

    const res = await postJson(
      `${url}/api/v2/devs/${devId}/htr/1/status`,
      { stemp: '22.5', units: 'C' },
      token,
    );
    expect(res.status).toBeLessThan(300);
    await vi.waitFor(async () =>
      expect((await repos.nodes.find(devId, 'htr', 1))?.status).toMatchObject({
        stemp: '22.5',
        sync_status: 'ok',
      }),
    );
    await gw.end();

    const spans = exporter.getFinishedSpans();
    const write = spans.find((s) => s.name.endsWith('/status'));
    const publish = spans.find((s) => s.name === 'mqtt publish command');
    const report = spans.find((s) => s.name === 'gateway report');
    expect(write && publish && report).toBeTruthy();
    const [w, p, r] = [write!, publish!, report!];
    // The publish is the request's child; the report is in the same trace, linked to the publish.
    expect(p.spanContext().traceId).toBe(w.spanContext().traceId);
    expect(p.parentSpanContext?.spanId).toBe(w.spanContext().spanId);
    expect(r.spanContext().traceId).toBe(w.spanContext().traceId);
    expect(r.parentSpanContext?.spanId).toBe(p.spanContext().spanId);
    expect(r.links.map((l) => l.context.spanId)).toEqual([p.spanContext().spanId]);
    expect(r.attributes['hearth.command_id']).toBe(p.attributes['hearth.command_id']);
  });

  it('is on with TRACING=otlp or an OTLP endpoint, and TRACING=off wins', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: 'memory://' };
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(loadConfig({ ...base, TRACING: 'otlp' }).tracing).toBe(true);
    expect(loadConfig({ ...base, ...endpoint }).tracing).toBe(true);
    expect(loadConfig({ ...base, ...endpoint, TRACING: 'off' }).tracing).toBe(false);
  });
});
