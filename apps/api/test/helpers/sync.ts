// Set-up shared by the page sync, webhook and Messenger inbox tests: the shared world with pg-boss, the
// emulator keeping Meta's rate limits, and the module deps the jobs under test take.
import type { Emulator } from '@pagecast/graph-emulator';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../../src/config.js';
import type { TokenCipher } from '../../src/crypto/tokens.js';
import type { GraphClient } from '../../src/graph/index.js';
import type { ModuleDeps } from '../../src/modules/shared/deps.js';
import type { AfterCommit } from '../../src/modules/shared/after-commit.js';
import { ingestConsumers } from '../../src/runtime.js';
import { must } from '../support/assert.js';
import { createWorld } from '../support/world.js';
import type { TestDatabase } from './db.js';

export interface SyncEnv {
  emulator: Emulator;
  database: TestDatabase;
  boss: PgBoss;
  graph: GraphClient;
  config: Config;
  tokens: TokenCipher;
  app: FastifyInstance;
  deps: ModuleDeps & { graph: GraphClient };
  close: () => Promise<void>;
}

export async function startSyncEnv(
  env: Record<string, string> = {},
  listen?: AfterCommit,
): Promise<SyncEnv> {
  const world = await createWorld({
    env,
    listen,
    boss: true,
    paced: true,
    graph: { timeoutMs: 10_000, backoffBaseMs: 20 },
  });
  const { config, database, graph, tokens } = world;
  const boss = must(world.boss, 'boss');
  return {
    ...world,
    boss,
    deps: {
      config,
      pool: database.pool,
      boss,
      graph,
      tokens,
      afterCommit: [...ingestConsumers(database.pool), ...(listen ? [listen] : [])],
    },
  };
}
