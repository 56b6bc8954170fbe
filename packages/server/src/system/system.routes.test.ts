import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { getJson } from '../test-support/http';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

describe('service routes', () => {
  let t: TestHearth;
  beforeAll(async () => {
    t = await startTestHearth({ embeddedBroker: true });
  });
  afterAll(async () => {
    await t?.stop();
  });

  test('/health_check says the process runs', async () => {
    expect(await getJson(`${t.url}/health_check`)).toEqual({
      status: 200,
      body: { message: 'ok' },
    });
  });

  test('/ready names each dependency; Redis is off when not configured', async () => {
    const redis = process.env.TEST_REDIS_URL ? 'ok' : 'off';
    // Right after start the Redis connections may still be opening: not ready until they are.
    await vi.waitFor(async () =>
      expect(await getJson(`${t.url}/ready`)).toEqual({
        status: 200,
        body: {
          status: 'ok',
          checks: { database: 'ok', broker: 'ok', redis },
          counters: { gateway_messages_dropped: 0 },
        },
      }),
    );
  });
});
