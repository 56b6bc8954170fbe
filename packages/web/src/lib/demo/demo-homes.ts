import type { NodeSpec } from '@hearth/device-model';
import type { HeaterType } from '@hearth/protocol';

/** A heater of a sample home; `timer` makes it a timer node (sensor mode 3, spec 3 §2). */
export interface DemoHeaterSpec {
  name: string;
  type: HeaterType;
  ratedW: number;
  mode?: NodeSpec['mode'];
  stemp?: number;
  timer?: boolean;
  /** Its address on the gateway; by default the heaters are numbered from 1. */
  addr?: number;
}

export interface DemoGatewaySpec {
  devId: string;
  name: string;
  heaters: DemoHeaterSpec[];
  /** Every sample home has one power monitor, on its first gateway. */
  meter?: string;
  /** Spec 2 §3: 021D for a wifi heater, 0105 for other devices (the default). */
  productId?: string;
  serialId?: string;
}

export interface DemoHomeSpec {
  id: string;
  name: string;
  timeZone: string;
  geo: {
    country: string;
    state: string;
    city: string;
    zip: string;
    /** Set on the map, as the server stores it (spec 2 §7). */
    position?: { latitude: number; longitude: number };
  };
  gateways: DemoGatewaySpec[];
}

const htr = (name: string, ratedW = 1000, extra: Partial<DemoHeaterSpec> = {}) => ({
  name,
  type: 'htr' as const,
  ratedW,
  ...extra,
});

/**
 * Spec 1 §1: five sample homes with heaters and a power monitor, each heater with a weekly
 * schedule. The first home is large (two gateways, over ten heaters) so that the dashboard's
 * table view can be tried.
 */
export const DEMO_HOMES: readonly DemoHomeSpec[] = [
  {
    id: '00000000-0000-4000-8000-0000000de001',
    name: 'Family house',
    timeZone: 'Europe/Madrid',
    geo: {
      country: 'ES',
      state: 'Catalonia',
      city: 'Barcelona',
      zip: '08001',
      position: { latitude: 41.38, longitude: 2.17 },
    },
    gateways: [
      {
        devId: 'de3000000000000001',
        name: 'Ground floor',
        meter: 'Main meter',
        heaters: [
          htr('Living room', 1500),
          htr('Kitchen', 1000, { mode: 'manual', stemp: 20.5 }),
          htr('Dining room', 1250),
          htr('Hall', 750, { mode: 'off' }),
          htr('Study', 1000),
          htr('Garage', 2000, { timer: true, mode: 'manual', stemp: 21 }),
        ],
      },
      {
        devId: 'de3000000000000002',
        name: 'First floor',
        heaters: [
          htr('Main bedroom', 1000),
          htr('Kids bedroom', 750),
          htr('Guest room', 750, { mode: 'manual', stemp: 18 }),
          htr('Bathroom', 500),
          htr('Landing', 750),
          { name: 'Storage heater', type: 'acm', ratedW: 2550 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000de002',
    name: 'City flat',
    timeZone: 'Europe/London',
    geo: {
      country: 'GB',
      state: 'England',
      city: 'London',
      zip: 'SW1A 1AA',
      position: { latitude: 51.5, longitude: -0.14 },
    },
    gateways: [
      {
        devId: 'de3000000000000003',
        name: 'Flat gateway',
        meter: 'Flat meter',
        heaters: [htr('Living room', 1250), htr('Bedroom', 750, { mode: 'manual', stemp: 19 })],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000de003',
    name: 'Mountain cabin',
    timeZone: 'Europe/Andorra',
    geo: {
      country: 'AD',
      state: 'Canillo',
      city: 'Canillo',
      zip: 'AD100',
      position: { latitude: 42.57, longitude: 1.6 },
    },
    gateways: [
      {
        devId: 'de3000000000000004',
        name: 'Cabin gateway',
        meter: 'Cabin meter',
        heaters: [
          htr('Main room', 2000),
          htr('Bunk room', 1000),
          { name: 'Entrance storage', type: 'acm', ratedW: 2550 },
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000de004',
    name: 'Beach house',
    timeZone: 'Europe/Lisbon',
    geo: {
      country: 'PT',
      state: 'Faro',
      city: 'Lagos',
      zip: '8600-315',
      position: { latitude: 37.1, longitude: -8.67 },
    },
    gateways: [
      {
        devId: 'de3000000000000005',
        name: 'Beach gateway',
        meter: 'Beach meter',
        heaters: [
          htr('Lounge', 1500),
          htr('Bedroom', 750),
          htr('Terrace room', 1000, { mode: 'off' }),
        ],
      },
    ],
  },
  {
    id: '00000000-0000-4000-8000-0000000de005',
    name: 'Office',
    timeZone: 'Europe/Paris',
    geo: {
      country: 'FR',
      state: 'Île-de-France',
      city: 'Paris',
      zip: '75001',
      position: { latitude: 48.86, longitude: 2.34 },
    },
    gateways: [
      {
        devId: 'de3000000000000006',
        name: 'Office gateway',
        meter: 'Office meter',
        heaters: [
          htr('Open space', 2000),
          htr('Meeting room', 1250),
          htr('Reception', 1000, { mode: 'manual', stemp: 20 }),
          htr('Water heater', 1500, { timer: true }),
        ],
      },
    ],
  },
];
