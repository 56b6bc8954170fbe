import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * The Node.js process's own metrics (prom-client's defaults: CPU, memory, heap, handles, GC and
 * the event-loop lag as `nodejs_eventloop_lag_seconds` and its percentiles), under the names
 * every Node.js dashboard knows. They belong to the process, not to one server: collected once,
 * however many servers a process builds (the tests build several), and served by each of them.
 */
export function processRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
