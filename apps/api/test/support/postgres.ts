// A throwaway, migrated embedded PostgreSQL on a free port: the test run's one server (test/global-setup.ts)
// and each benchmark's (bench/setup.ts). Free of vitest, so the benchmarks can use it.
import { freePort, startEmbeddedPostgres, type EmbeddedPg } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';

export async function startMigratedPostgres(options: {
  /** A folder that does not exist yet (removed again on stop). */
  dataDir: string;
  database: string;
  /** Where the search for a free port starts. */
  portFrom: number;
}): Promise<EmbeddedPg> {
  const pg = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: await freePort(options.portFrom),
    database: options.database,
    persistent: false,
  });
  try {
    await runMigrations(pg.url);
  } catch (err) {
    await pg.stop();
    throw err;
  }
  return pg;
}
