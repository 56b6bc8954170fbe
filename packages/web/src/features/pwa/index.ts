export { OfflineBanner, OFFLINE_CLASS } from './offline-banner';
export { registerServiceWorker } from './register-service-worker';
export { useOnline } from './use-online';
