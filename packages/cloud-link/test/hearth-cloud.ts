import {
  createHomeWithDevice,
  createUser,
  TEST_CLIENT,
  type TestHearth,
} from '../../server/src/test-support/test-hearth.ts';
import type { CloudUpstream } from '../src/upstream-config.ts';

/** The gateway key the server's test support gives every test Hearth. */
export const TEST_GATEWAY_KEY = 'test-gateway-key-0123456789';

/** A test Hearth's embedded broker, over its WebSocket. */
export const brokerUrl = (url: string) => `${url.replace(/^http/, 'ws')}/mqtt`;

/** A test Hearth as the cloud an operator lists: same wire format, the test client. */
export function hearthAsCloud(t: TestHearth): CloudUpstream {
  return {
    name: 'hearth-a',
    apiBaseUrl: t.url,
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    serialId: '01.01',
    referer: 'https://app.example.com',
    clockMonthFrom: 1,
  };
}

/** On the Hearth playing the cloud: owner@example.com, one home, its gateway with the Lounge radiator (htr 2). */
export async function cloudOwnerWithLounge(t: TestHearth, password: string, homeName?: string) {
  const owner = await createUser(t.repos, 'owner@example.com', password);
  const { devId } = await createHomeWithDevice(t.repos, owner.id, undefined, homeName);
  await t.repos.nodes.replaceList(devId, [
    { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
  ]);
  return { ownerId: owner.id, devId };
}
