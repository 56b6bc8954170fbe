import type { ClientData } from './branding';
import { LANGUAGES } from './constants';
import { NODE_TYPES } from './node-types';

/**
 * The default brand's client data (spec 1 §7) as a server with no operator overrides answers
 * it; the server lists every time zone it knows, the in-browser demo its sample locations'.
 */
export function defaultClientData(supportedTimezones: string[]): ClientData {
  return {
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
      supportedTimezones,
      wifiSmartboxAvailable: true,
      ethernetAvailable: true,
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
}
