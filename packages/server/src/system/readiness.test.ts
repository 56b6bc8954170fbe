import { describe, expect, test } from 'vitest';
import { createReadiness } from './readiness';

describe('readiness', () => {
  test('ready while every configured dependency answers; one not configured is off', async () => {
    const readiness = createReadiness({
      database: async () => true,
      broker: () => true,
      redis: () => undefined,
    });
    expect(await readiness.check()).toEqual({
      ready: true,
      checks: { database: 'ok', broker: 'ok', redis: 'off' },
      counters: {},
    });
  });

  test('one down, throwing or too slow to answer makes the process unavailable', async () => {
    const readiness = createReadiness(
      {
        database: () => new Promise<boolean>(() => undefined),
        broker: () => false,
        redis: async () => {
          throw new Error('connection refused');
        },
        mail: () => true,
      },
      50,
    );
    expect(await readiness.check()).toEqual({
      ready: false,
      checks: { database: 'down', broker: 'down', redis: 'down', mail: 'ok' },
      counters: {},
    });
  });

  test('reports its counters beside the checks', async () => {
    let dropped = 2;
    const readiness = createReadiness({}, 50, { gateway_messages_dropped: () => dropped });
    expect((await readiness.check()).counters).toEqual({ gateway_messages_dropped: 2 });
    dropped = 3;
    expect((await readiness.check()).counters).toEqual({ gateway_messages_dropped: 3 });
  });
});
