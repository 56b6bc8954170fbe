import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson, login, postJson } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { resilientGateway } from './fault-gateway';
import { mosquittoService, type OwnService } from './fault-services';

// Runs with the services of `npm run test:services`; it starts and kills a Mosquitto of its own.
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_MQTT_URL)(
  'the MQTT broker restarts',
  () => {
    let broker: OwnService;
    let t: TestHearth;
    beforeAll(async () => {
      broker = await mosquittoService();
      await broker.start();
      t = await startTestHearth({ env: { MQTT_URL: broker.url } });
    });
    afterAll(async () => {
      await t?.stop();
      await broker?.dispose();
    });

    it('accepts writes while the broker is down and delivers them once gateway and server are back', async () => {
      const user = await createUser(t.repos, 'owner@fault.test');
      const devId = randomDevId();
      await createHomeWithDevice(t.repos, user.id, devId);
      const gw = await resilientGateway(broker.url, devId, t.hearth.gatewaySecret(devId));
      const { access_token: token } = await login(t.url, user.email, user.password);
      const status = `${t.url}/api/v2/devs/${devId}/htr/1/status`;
      await vi.waitFor(async () =>
        expect((await t.repos.devices.find(devId))?.connected).toBe(true),
      );
      await vi.waitFor(async () => expect(await t.repos.nodes.find(devId, 'htr', 1)).toBeTruthy());

      await vi.waitFor(async () => expect((await getJson(`${t.url}/ready`)).status).toBe(200));
      await broker.stop();
      await vi.waitFor(async () =>
        expect(await getJson(`${t.url}/ready`)).toEqual({
          status: 503,
          body: {
            status: 'unavailable',
            checks: expect.objectContaining({ database: 'ok', broker: 'down' }),
            counters: { gateway_messages_dropped: 0 },
          },
        }),
      );
      const during = await postJson(status, { stemp: '23.5', units: 'C' }, token);
      expect(during.status).toBeLessThan(300);

      await broker.start();
      // Nothing was kept by the broker (no persistence): the write reaches the gateway
      // because the server re-sends pending commands when the gateway reports in again.
      await vi.waitFor(async () => expect((await getJson(`${t.url}/ready`)).status).toBe(200), {
        timeout: 10_000,
      });
      await vi.waitFor(
        () =>
          expect(gw.commands.map((c) => c.body)).toContainEqual(
            expect.objectContaining({ stemp: '23.5' }),
          ),
        { timeout: 20_000, interval: 100 },
      );
      await vi.waitFor(
        async () => {
          const node = await t.repos.nodes.find(devId, 'htr', 1);
          expect(node?.status).toMatchObject({ stemp: '23.5', sync_status: 'ok' });
        },
        { timeout: 10_000, interval: 100 },
      );

      // And the link is whole again: a write after the restart goes straight through.
      const after = await postJson(status, { stemp: '18.0', units: 'C' }, token);
      expect(after.status).toBeLessThan(300);
      await vi.waitFor(
        () =>
          expect(gw.commands.map((c) => c.body)).toContainEqual(
            expect.objectContaining({ stemp: '18.0' }),
          ),
        { timeout: 10_000, interval: 100 },
      );
      await gw.end();
    });
  },
);
