import {
  addDeviceBody,
  WIFI_HEATER_NODE_ADDR,
  WIFI_HEATER_NODE_TYPE,
  isWifiHeaterProduct,
  type AddDeviceBody,
  type Dev,
} from '@hearth/protocol';
import type { DemoContext } from './demo-context';
import type { DemoGatewaySpec } from './demo-homes';
import { createDemoWorld, type DemoHome } from './demo-model';
import { DemoHttpFailure } from './demo-router';
import { parseBody } from './demo-validate';

/**
 * The device the demo "finds" behind the payload. Spec 3 §9: a wifi heater is one heater node,
 * type htr at address 2 (product 021D); any other device is a gateway with two heaters and a
 * power monitor.
 */
function sampleGateway(b: AddDeviceBody, devId: string): DemoGatewaySpec {
  const base = { devId, name: b.name, productId: b.product_id, serialId: b.serial_id };
  if (isWifiHeaterProduct(b.product_id))
    return {
      ...base,
      heaters: [
        { name: b.name, type: WIFI_HEATER_NODE_TYPE, ratedW: 1000, addr: WIFI_HEATER_NODE_ADDR },
      ],
    };
  return {
    ...base,
    meter: 'Meter',
    heaters: [
      { name: 'Heater 1', type: 'htr', ratedW: 1000 },
      { name: 'Heater 2', type: 'htr', ratedW: 750 },
    ],
  };
}

/** Adds a device (spec 2 §3 payload) to a home of the demo, or to a new one; 201 as the server. */
export function addDevice(
  ctx: DemoContext,
  body: unknown,
): Dev & { group: { id: string; name: string } } {
  const b = parseBody(addDeviceBody, body);
  const devId = b.dev_id.toLowerCase();
  // As the server answers (docs/wire-contract.md §5): the registration then finds it among the user's devices
  // and goes to its home (spec 2 §4) instead of stopping as on a refused payload.
  const known = ctx.world.devices.get(devId);
  if (known) {
    const where = ctx.world.homes.find((h) => h.id === known.homeId)?.name ?? '';
    throw new DemoHttpFailure(
      409,
      'device_conflict',
      `Device ${b.dev_id} is already registered in your home "${where}"`,
    );
  }
  let home = ctx.world.homes.find((h) => h.id === b.groupData.id);
  if (!home) {
    home = {
      id: b.groupData.id,
      name: b.groupData.name,
      geo: {
        country: b.country,
        state: b.state,
        city: b.city,
        zip: b.zip.trim().toUpperCase(),
        tz_code: b.tz_code,
      },
      extra: {},
      presence: { email: '', enabled: false, excluded_nodes: [] },
      devIds: [],
    } satisfies DemoHome;
    ctx.world.homes.push(home);
  }
  const timeZone = typeof home.geo.tz_code === 'string' ? home.geo.tz_code : b.tz_code;
  const world = createDemoWorld(ctx.now(), [
    {
      id: home.id,
      name: home.name,
      timeZone,
      geo: { country: '', state: '', city: '', zip: '' },
      gateways: [sampleGateway(b, devId)],
    },
  ]);
  const dev = world.devices.get(devId);
  if (dev) ctx.world.devices.set(devId, dev);
  home.devIds.push(devId);
  return {
    dev_id: devId,
    name: b.name,
    product_id: b.product_id,
    fw_version: '1.13',
    serial_id: b.serial_id,
    group: { id: home.id, name: home.name },
  };
}
