import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
  type SpanContext,
} from '@opentelemetry/api';
import { gatewayTopics } from '@hearth/protocol';
import type { CommandsService } from '../gateway/commands.service';
import type { GatewayTransport } from '../gateway/transport';
import type { Tracing } from './tracing';

async function inSpan<T>(span: Span, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

function commandIdOf(payload: string): string | undefined {
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A child span per command published to a gateway, remembered by the command's id. */
export function tracedTransport(transport: GatewayTransport, tracing: Tracing): GatewayTransport {
  return {
    start: (onMessage) => transport.start(onMessage),
    close: () => transport.close(),
    connected: () => transport.connected(),
    publish(topic, payload, opts) {
      const devId = topic.split('/')[2] ?? '';
      if (topic !== gatewayTopics.cmd(devId)) return transport.publish(topic, payload, opts);
      const id = commandIdOf(payload);
      return tracing.tracer.startActiveSpan(
        'mqtt publish command',
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'messaging.system': 'mqtt',
            'messaging.destination.name': topic,
            'hearth.dev_id': devId,
            ...(id ? { 'hearth.command_id': id } : {}),
          },
        },
        (span) => {
          if (id) tracing.commandSent(id, span.spanContext());
          return inSpan(span, () => transport.publish(topic, payload, opts));
        },
      );
    },
  };
}

/** The span of a request that writes a node's set point, parent of its command's publish. */
export function traceWrite<A extends unknown[], R>(
  tracing: Tracing,
  name: string,
  write: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args) =>
    tracing.tracer.startActiveSpan(name, { kind: SpanKind.SERVER }, (span) =>
      inSpan(span, () => write(...args)),
    );
}

/** A span for the gateway report that settles a command: in its trace, linked to its publish. */
function reportSpan<R>(tracing: Tracing, devId: string, id: string, run: () => Promise<R>) {
  const sent: SpanContext | undefined = tracing.takeCommand(id);
  const parent = sent ? trace.setSpanContext(ROOT_CONTEXT, sent) : ROOT_CONTEXT;
  return tracing.tracer.startActiveSpan(
    'gateway report',
    {
      kind: SpanKind.CONSUMER,
      attributes: { 'hearth.dev_id': devId, 'hearth.command_id': id },
      links: sent ? [{ context: sent }] : [],
    },
    parent,
    (span) => inSpan(span, run),
  );
}

/** The commands service as ingest sees it, with a span for each confirming report. */
export function tracedSettling(commands: CommandsService, tracing: Tracing): CommandsService {
  return {
    ...commands,
    settleAndSync: (devId, id, ok, error) =>
      reportSpan(tracing, devId, id, () => commands.settleAndSync(devId, id, ok, error)),
    reportAndSettle: (report, ack) =>
      reportSpan(tracing, report.devId, ack.id, () => commands.reportAndSettle(report, ack)),
  };
}
