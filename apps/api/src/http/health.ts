import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dz, type Sql } from '../db/client.js';
import { appliedMigrationCount, expectedMigrationCount } from '../db/migrate.js';

// Shapes follow contract.system.healthz / readyz; plain routes so probes skip ts-rest and auth.
export function registerHealth(app: FastifyInstance, db: Sql): void {
  app.get('/healthz', async () => ({ status: 'ok' as const }));

  // Ready = the database answers AND every migration this build ships is applied.
  app.get('/readyz', async (request, reply) => {
    const checks = { database: false, migrations: false };
    try {
      await dz(db).execute(sql`select 1`);
      checks.database = true;
      const [applied, expected] = await Promise.all([
        appliedMigrationCount(db),
        expectedMigrationCount(),
      ]);
      checks.migrations = applied >= expected;
    } catch (err) {
      request.log.warn({ err }, 'readiness check failed');
    }
    const ready = checks.database && checks.migrations;
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
  });
}
