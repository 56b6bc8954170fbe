import { context, type SpanContext, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** Commands whose span is remembered until the gateway's report confirms them. */
const MAX_REMEMBERED = 10_000;

/**
 * OpenTelemetry tracing of set-point writes (docs/operations.md, Tracing): the write's request,
 * the command's publish to the gateway, and the gateway's confirming report, linked through the
 * command id. Off unless TRACING=otlp (or OTEL_EXPORTER_OTLP_ENDPOINT) is set; off, none of
 * this is built and the services are not wrapped.
 */
export interface Tracing {
  tracer: Tracer;
  /** Remembers the span that published a command, for the report that confirms it. */
  commandSent(id: string, span: SpanContext): void;
  /** The span that published a command, once; undefined when unknown here (another process). */
  takeCommand(id: string): SpanContext | undefined;
  shutdown(): Promise<void>;
}

let contextManagerSet = false;

/** Tracing with the given span processor: OTLP over HTTP in production, in memory in tests. */
export function createTracing(processor: SpanProcessor): Tracing {
  // Parent and child spans follow the async calls of a request (one manager per process).
  if (!contextManagerSet) {
    contextManagerSet = context.setGlobalContextManager(
      new AsyncLocalStorageContextManager().enable(),
    );
  }
  const provider = new BasicTracerProvider({ spanProcessors: [processor] });
  const sent = new Map<string, SpanContext>();
  return {
    tracer: provider.getTracer('hearth-server'),
    commandSent(id, span) {
      if (sent.size >= MAX_REMEMBERED) {
        const oldest = sent.keys().next().value;
        if (oldest !== undefined) sent.delete(oldest);
      }
      sent.set(id, span);
    },
    takeCommand(id) {
      const span = sent.get(id);
      sent.delete(id);
      return span;
    },
    shutdown: () => provider.shutdown(),
  };
}

/**
 * Spans exported in batches to OTEL_EXPORTER_OTLP_ENDPOINT (default http://localhost:4318)
 * with the standard OTEL_EXPORTER_OTLP_* settings the exporter reads itself.
 */
export function createOtlpTracing(): Tracing {
  return createTracing(new BatchSpanProcessor(new OTLPTraceExporter()));
}
