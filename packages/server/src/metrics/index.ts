export { meteredCommands } from './command-metrics';
export { observeRequests, UNMATCHED_ROUTE } from './http-metrics';
export { createMetrics, type Metrics, type MetricSources } from './metrics';
export { createMetricsRepository } from './metrics.repository';
export { createMetricsServer, METRICS_PATH, type MetricsServer } from './metrics-server';
