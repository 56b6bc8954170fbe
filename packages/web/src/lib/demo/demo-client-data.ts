import {
  CLIENT_DATA_FILES,
  LANGUAGES,
  NODE_TYPES,
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
export const DEMO_CLIENT_DATA: ClientData = {
  appParameters: { title: 'Hearth', frontendHost: '', maxOutdoorRange: 1000 },
  supportData: {
    email: 'support@hearth.example',
    phone: '',
    web: 'https://hearth.example/support',
    address: '',
  },
  capabilities: {
    supportedNodeTypes: [...NODE_TYPES],
    supportedLanguages: [...LANGUAGES],
    supportedTimezones: DEMO_TIME_ZONES,
    wifiSmartboxAvailable: true,
    geolocationEnabled: true,
    inviteEnabled: true,
    powerScheduleAvailable: true,
    sampleDownloadEnabled: true,
    htrPowerLimitAvailable: true,
  },
  resources: { androidAppLink: '', iosAppLink: '', voiceAssistantInfoUri: '', alexaInfoUri: '' },
  nodeParameters: {
    tempThresholds: {
      heat: { eco: { min: 5, max: 25 }, comfort: { min: 10, max: 30 } },
      cold: { eco: { min: 20, max: 35 }, comfort: { min: 16, max: 30 } },
    },
  },
};

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
