export { WifiProvisioningFlow, type WifiProvisioningProps } from './wifi-provisioning-flow';
export { WifiConfigurationPage } from './wifi-configuration-page';
