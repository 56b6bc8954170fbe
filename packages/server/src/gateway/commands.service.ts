import { GEO_DATA_PATH, gatewayTopics, type GatewayCommand } from '@hearth/protocol';
import type { Logger } from '../logger';
import type {
  CommandRow,
  CommandsRepository,
  DesiredPart,
} from '../repositories/commands.repository';
import type { GatewayTransport } from './transport';

function toWire(row: CommandRow): GatewayCommand {
  return { id: row.id, method: row.method, path: row.path, body: row.body };
}

/** Stores every write as a pending command before it goes out, so nothing accepted is lost. */
export function createCommandsService(deps: {
  commands: CommandsRepository;
  transport: GatewayTransport;
  log: Logger;
}) {
  const { commands, transport, log } = deps;

  async function publish(row: CommandRow): Promise<void> {
    try {
      await transport.publish(gatewayTopics.cmd(row.devId), JSON.stringify(toWire(row)), {
        qos: 1,
        retain: false,
      });
    } catch (err) {
      // The command stays pending and goes out again when the gateway reports itself connected.
      log.warn(
        { err, devId: row.devId, id: row.id },
        'command publish failed; will re-send on reconnect',
      );
    }
  }

  /** Stores a command as pending (with the desired state it records, in one statement). */
  function store(
    devId: string,
    method: 'POST' | 'DELETE',
    path: string,
    body: unknown,
    desired?: DesiredPart,
  ): Promise<CommandRow> {
    const input = { devId, method, path, body };
    return desired ? commands.insertWithDesired(input, desired) : commands.insert(input);
  }

  async function send(
    devId: string,
    method: 'POST' | 'DELETE',
    path: string,
    body: unknown,
  ): Promise<CommandRow> {
    const row = await store(devId, method, path, body);
    await publish(row);
    return row;
  }

  return {
    send,
    store,
    /**
     * Hands a stored command to the broker. Awaited before a write is answered: once the
     * broker holds it (QoS 1), a process that dies after answering cannot take an accepted
     * command with it while the gateway stays connected.
     */
    publish,
    async resendPending(devId: string): Promise<number> {
      const pending = await commands.listPending(devId);
      for (const row of pending) await publish(row);
      return pending.length;
    },
    settle: (devId: string, id: string, ok: boolean, error?: string) =>
      commands.settle(devId, id, ok, error),
    settleAndSync: (devId: string, id: string, ok: boolean, error?: string) =>
      commands.settleAndSync(devId, id, ok, error),
    reportAndSettle: commands.reportAndSettle,
    hasPendingFor: (devId: string, path: string) => commands.hasPendingFor(devId, path),
    /**
     * The home's geo data for a gateway (docs/device-protocol.md `/geo_data`): the full
     * object; the gateway sets its clock to `tz_code` and publishes the object back.
     */
    async sendGeoData(devId: string, geo: Record<string, unknown>): Promise<CommandRow> {
      return send(devId, 'POST', GEO_DATA_PATH, geo);
    },
  };
}
export type CommandsService = ReturnType<typeof createCommandsService>;
/** What other services may ask of the gateway channel. */
export type GatewayCommands = Pick<CommandsService, 'send' | 'sendGeoData'>;
