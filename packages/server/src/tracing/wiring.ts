import type { CommandsService } from '../gateway/commands.service';
import type { GatewayTransport } from '../gateway/transport';
import type { NodeControlService } from '../devices/node-control.service';
import { traceWrite, tracedSettling, tracedTransport } from './instrument';
import type { Tracing } from './tracing';

/**
 * Where the composition puts tracing of set-point writes: the request, the command published
 * to the gateway and the gateway's confirming report (docs/operations.md, Tracing). Off, every
 * step hands back what it is given: tracing costs nothing.
 */
export interface WriteTracing {
  /** A span per command published to a gateway. */
  transport(transport: GatewayTransport): GatewayTransport;
  /** The commands service as ingest sees it: a span per confirming report. */
  settling(commands: CommandsService): CommandsService;
  /** The node control service with a span per status write (the set point's request). */
  nodeControl(control: NodeControlService): NodeControlService;
  /** Ends the tracing this wiring started itself (sends what is left); none given, nothing. */
  shutdown(): Promise<void>;
}

const STATUS_WRITE = 'POST /api/v2/devs/{dev_id}/{type}/{addr}/status';

/**
 * Tracing as TRACING asks (`enabled`: OTLP over HTTP, its SDK loaded only then), or the one
 * given (tests: an in-memory exporter), which the caller ends itself.
 */
export async function wireTracing(enabled: boolean, given?: Tracing): Promise<WriteTracing> {
  const own = !given && enabled ? (await import('./tracing')).createOtlpTracing() : undefined;
  const tracing = given ?? own;
  if (!tracing)
    return {
      transport: (transport) => transport,
      settling: (commands) => commands,
      nodeControl: (control) => control,
      shutdown: async () => undefined,
    };
  return {
    transport: (transport) => tracedTransport(transport, tracing),
    settling: (commands) => tracedSettling(commands, tracing),
    nodeControl: (control) => ({
      ...control,
      status: traceWrite(tracing, STATUS_WRITE, control.status),
    }),
    shutdown: async () => {
      await own?.shutdown();
    },
  };
}
