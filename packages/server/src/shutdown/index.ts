export { trackInFlight, type InFlight } from './in-flight';
export { drainConnections } from './drain';
