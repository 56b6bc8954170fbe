export { createOtlpTracing, createTracing, type Tracing } from './tracing';
export { traceWrite, tracedSettling, tracedTransport } from './instrument';
