// The SDK and exporter (tracing.ts) are imported only when tracing is on (hearth.ts).
export type { Tracing } from './tracing';
export { traceWrite, tracedSettling, tracedTransport } from './instrument';
