export { trackInFlight, type InFlight } from './in-flight';
