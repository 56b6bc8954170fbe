import type { CommandRow, CommandsRepository } from '../repositories/commands.repository';
import type { Metrics } from './metrics';

function seconds(row: Pick<CommandRow, 'createdAt' | 'ackedAt'>): number {
  if (!row.ackedAt) return Number.NaN;
  return (new Date(row.ackedAt).getTime() - new Date(row.createdAt).getTime()) / 1000;
}

/**
 * The commands repository with every command counted as it is stored and as its gateway's
 * answer settles it (with the time in between): every way a command is stored or settled goes
 * through these methods, so nothing is counted twice or missed.
 */
export function meteredCommands(
  repo: CommandsRepository,
  metrics: Pick<Metrics, 'commandCreated' | 'commandSettled'>,
): CommandsRepository {
  const settled = (row: CommandRow | undefined) => {
    if (row) metrics.commandSettled(row.status === 'acked' ? 'confirmed' : 'failed', seconds(row));
  };
  return {
    ...repo,
    async insert(input) {
      const row = await repo.insert(input);
      metrics.commandCreated();
      return row;
    },
    async insertWithDesired(input, desired) {
      const row = await repo.insertWithDesired(input, desired);
      metrics.commandCreated();
      return row;
    },
    async settle(devId, id, ok, error) {
      const row = await repo.settle(devId, id, ok, error);
      settled(row);
      return row;
    },
    async settleAndSync(devId, id, ok, error) {
      const result = await repo.settleAndSync(devId, id, ok, error);
      settled(result?.row);
      return result;
    },
    async reportAndSettle(report, ack) {
      const result = await repo.reportAndSettle(report, ack);
      settled(result.row);
      return result;
    },
  };
}
