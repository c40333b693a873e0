import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dz, type Sql } from '../db/client.js';
import { appliedMigrationCount, expectedMigrationCount } from '../db/migrate.js';

/** A replica's own state: `draining` from SIGTERM until it exits. */
export interface Lifecycle {
  draining: boolean;
}

// Shapes follow contract.system.healthz / readyz; plain routes so probes skip ts-rest and auth.
export function registerHealth(app: FastifyInstance, db: Sql, lifecycle?: Lifecycle): void {
  app.get('/healthz', async () => ({ status: 'ok' as const }));

  // Ready = not draining, the database answers AND every migration this build ships is applied.
  app.get('/readyz', async (request, reply) => {
    // A draining replica is not ready, whatever its database says: balancers stop sending before it closes.
    if (lifecycle?.draining)
      return reply.code(503).send({ status: 'not_ready', checks: { accepting: false } });
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
