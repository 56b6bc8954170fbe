import type { Db } from '../db/client';
import { createCommandsRepository } from './commands.repository';
import { createDevicesRepository } from './devices.repository';
import { createHomesRepository } from './homes.repository';
import { createNodesRepository } from './nodes.repository';
import { createSamplesRepository } from './samples.repository';
import { createSessionsRepository } from './sessions.repository';
import { createTokensRepository } from './tokens.repository';
import { createUsersRepository } from './users.repository';

export function createRepositories(db: Db) {
  return {
    users: createUsersRepository(db),
    tokens: createTokensRepository(db),
    sessions: createSessionsRepository(db),
    homes: createHomesRepository(db),
    devices: createDevicesRepository(db),
    nodes: createNodesRepository(db),
    commands: createCommandsRepository(db),
    samples: createSamplesRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
