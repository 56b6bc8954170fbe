import { LANGUAGES, NODE_TYPES, type ClientData } from '@hearth/protocol';
import { supportedTimezones } from './location-data';

const HEARTH: ClientData = {
  appParameters: {
    title: 'Hearth',
    frontendHost: '',
    // Upper end of the geolocation range slider (spec 2 §5).
    maxOutdoorRange: 1000,
  },
  supportData: {
    email: 'support@hearth.example',
    phone: '',
    web: 'https://hearth.example/support',
    address: '',
  },
  capabilities: {
    supportedNodeTypes: [...NODE_TYPES],
    supportedLanguages: [...LANGUAGES],
    supportedTimezones: supportedTimezones(),
    wifiSmartboxAvailable: true,
    geolocationEnabled: true,
    inviteEnabled: true,
    powerScheduleAvailable: true,
    sampleDownloadEnabled: true,
    htrPowerLimitAvailable: true,
  },
  resources: {
    androidAppLink: '',
    iosAppLink: '',
    voiceAssistantInfoUri: '',
    alexaInfoUri: '',
  },
  nodeParameters: {
    tempThresholds: {
      heat: { eco: { min: 5, max: 25 }, comfort: { min: 10, max: 30 } },
      cold: { eco: { min: 20, max: 35 }, comfort: { min: 16, max: 30 } },
    },
  },
};

/** A reseller variant: fewer features switched on, its own name and support. */
const CALORA: ClientData = {
  ...HEARTH,
  appParameters: { ...HEARTH.appParameters, title: 'Calora' },
  supportData: {
    email: 'help@calora.example',
    phone: '',
    web: 'https://calora.example/help',
    address: '',
  },
  capabilities: {
    ...HEARTH.capabilities,
    supportedNodeTypes: ['htr', 'acm'],
    wifiSmartboxAvailable: false,
    powerScheduleAvailable: false,
    htrPowerLimitAvailable: false,
  },
};

/** Client data shipped with Hearth, keyed like the brands (see brands.ts). */
export const BUNDLED_CLIENT_DATA: Readonly<Record<string, ClientData>> = {
  '01': HEARTH,
  '02': CALORA,
};
