// Two API processes on one test database, as behind a load balancer: each with its own pool and realtime
// hub (LISTEN connection). The second's hub is held, so a test can wait on what it hears and cut it off.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createDb } from '../../src/db/client.js';
import { liveMessageLoader } from '../../src/modules/inbox/index.js';
import { createRealtimeHub, type RealtimeHub } from '../../src/realtime/index.js';
import { testConfig } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

export interface ApiProcesses {
  database: TestDatabase;
  api1: FastifyInstance;
  api2: FastifyInstance;
  hub2: RealtimeHub;
  close: () => Promise<void>;
}

export async function twoApiProcesses(
  options: { env?: Record<string, string>; reconnectMs?: number } = {},
): Promise<ApiProcesses> {
  const database = await createTestDatabase();
  const secondDb = createDb(database.url, { max: 3 });
  const config = testConfig(options.env);
  const api1 = await buildApp({ config, pool: database.pool });
  const hub2 = createRealtimeHub(secondDb.pool, {
    loadMessage: liveMessageLoader(secondDb.pool),
    ...(options.reconnectMs ? { reconnectMs: options.reconnectMs } : {}),
  });
  const api2 = await buildApp({ config, pool: secondDb.pool, realtime: hub2 });
  await Promise.all([api1.ready(), api2.ready(), hub2.ready()]);
  return {
    database,
    api1,
    api2,
    hub2,
    close: async () => {
      await api1.close();
      await api2.close();
      await hub2.close();
      await secondDb.close();
      await database.drop();
    },
  };
}
