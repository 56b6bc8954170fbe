import { defaultClientData, type ClientData } from '@hearth/protocol';
import { supportedTimezones } from './location-data';

const HEARTH: ClientData = defaultClientData(supportedTimezones());

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
    // Sold with wifi heaters only: its native app does not offer the ethernet smartbox.
    ethernetAvailable: false,
    powerScheduleAvailable: false,
    htrPowerLimitAvailable: false,
  },
};

/** Client data shipped with Hearth, keyed like the brands (see brands.ts). */
export const BUNDLED_CLIENT_DATA: Readonly<Record<string, ClientData>> = {
  '01': HEARTH,
  '02': CALORA,
};
