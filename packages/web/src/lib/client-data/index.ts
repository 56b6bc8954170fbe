export {
  DEFAULT_CAPABILITIES,
  fetchClientData,
  useCapabilities,
  useClientData,
  type AppParameters,
  type Capabilities,
  type Features,
} from './client-data';
