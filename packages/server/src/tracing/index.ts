// The SDK and exporter (tracing.ts) are imported only when tracing is on (wiring.ts).
export type { Tracing } from './tracing';
export { traceWrite, tracedSettling, tracedTransport } from './instrument';
export { wireTracing, type WriteTracing } from './wiring';
