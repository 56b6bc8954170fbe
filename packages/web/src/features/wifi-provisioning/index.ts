export { WifiProvisioningFlow, type WifiProvisioningProps } from './wifi-provisioning-flow';
export { WifiConfigurationPage, type ConnectionHelpSlot } from './wifi-configuration-page';
