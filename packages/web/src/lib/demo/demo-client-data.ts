import {
  CLIENT_DATA_FILES,
  defaultClientData,
  type ClientData,
  type ClientDataFile,
} from '@hearth/protocol';
import { route, notFound, type DemoRoute } from './demo-router';

/** The time zones of the demo's sample locations (the location info of the catalog routes). */
const DEMO_TIME_ZONES = [
  'Europe/Andorra',
  'Europe/Lisbon',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Paris',
];

/**
 * The default brand's client data as a server with no operator overrides answers it (spec 1
 * §7): the demo is the default brand, whatever serial id the app holds.
 */
export const DEMO_CLIENT_DATA: ClientData = defaultClientData(DEMO_TIME_ZONES);

const FILE_BY_NAME = new Map<string, ClientDataFile>(
  CLIENT_DATA_FILES.map((f) => [`${f}.json`, f]),
);

/** GET /client-data/{serialId}/{file}.json, answered in the browser; an unknown file is a 404. */
export function clientDataRoutes(): DemoRoute[] {
  return [
    route('GET', '/client-data/:serialId/:file', (req) => {
      const file = FILE_BY_NAME.get(req.params[1] ?? '');
      if (!file) throw notFound('client-data file');
      return structuredClone(DEMO_CLIENT_DATA[file]);
    }),
  ];
}
