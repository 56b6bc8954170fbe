import { hashPassword } from '../auth/passwords';
import type { Logger } from '../logger';
import type { Repositories } from '../repositories';
import type { DemoNode } from '../samples';

export const DEMO_EMAIL = 'demo@hearth.local';
export const DEMO_PASSWORD = 'hearth-demo';
export const DEMO_SERIAL_ID = '01.01';
export const DEMO_PRODUCT_ID = '0002';

export interface DemoHome {
  homeName: string;
  timezone: string;
  devId: string;
  deviceName: string;
  preset: 'house' | 'flat';
}

export const DEMO_HOMES: readonly DemoHome[] = [
  {
    homeName: 'Home',
    timezone: 'Europe/Madrid',
    devId: '0a1b2c3d4e5f600001',
    deviceName: 'Home gateway',
    preset: 'house',
  },
  {
    homeName: 'Flat',
    timezone: 'Europe/London',
    devId: '0a1b2c3d4e5f600002',
    deviceName: 'Flat gateway',
    preset: 'flat',
  },
];

export interface DemoSeed {
  email: string;
  password: string;
  gateways: Array<{
    devId: string;
    secret: string;
    homeName: string;
    timezone: string;
    preset: 'house' | 'flat';
    /** The nodes the simulator plays, with the counters the stored history ends at. */
    nodes?: DemoNode[];
  }>;
}

/** Creates the demo account, its homes and their gateways; running it again changes nothing. */
export async function seedDemo(
  repos: Repositories,
  gatewaySecret: (devId: string) => string,
  log: Logger,
): Promise<DemoSeed> {
  let user = await repos.users.findByEmail(DEMO_EMAIL);
  if (!user) {
    user = await repos.users.create({
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      serialId: DEMO_SERIAL_ID,
      verified: true,
    });
    log.info({ email: DEMO_EMAIL }, 'demo account created');
  }
  for (const home of DEMO_HOMES) {
    const group =
      (await repos.homes.findOwnedByName(user.id, home.homeName)) ??
      (await repos.homes.create({
        ownerId: user.id,
        name: home.homeName,
        geoData: { tz_code: home.timezone },
      }));
    const dev = await repos.devices.find(home.devId);
    if (!dev || dev.groupId === null) {
      await repos.devices.claim(home.devId, group.id, {
        name: home.deviceName,
        productId: DEMO_PRODUCT_ID,
        serialId: DEMO_SERIAL_ID,
      });
    }
  }
  return {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    gateways: DEMO_HOMES.map((h) => ({
      devId: h.devId,
      secret: gatewaySecret(h.devId),
      homeName: h.homeName,
      timezone: h.timezone,
      preset: h.preset,
    })),
  };
}
