// Operator commands, run with `pnpm --filter @pagecast/api cli <command> ...`. They reach the same
// database as the API: DATABASE_URL, or the embedded Postgres under DATA_DIR (attached to when the API
// already runs it, started otherwise), migrated first.
//
//   grant-pro <userId> --months N --credits N   Pro for N months (extends a running period) plus credits
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, REPO_ROOT } from './config.js';
import { createDb } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { runMigrations } from './db/migrate.js';
import { grantPro, UnknownAdminError } from './modules/subscription/index.js';
import { EMBEDDED_DATABASE } from './runtime.js';

const USAGE = `Usage:
  pnpm --filter @pagecast/api cli grant-pro <userId> --months N --credits N

  <userId>   the admin's social network user id (shown in the user menu when there is no e-mail)
  --months   whole months of Pro to add, 1-120 (from today, or from the end of a running period)
  --credits  credits to add to the balance, 0 or more (default 0)`;

class UsageError extends Error {}

function wholeNumber(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined) {
    if (fallback !== undefined) return fallback;
    throw new UsageError(`--${name} is required`);
  }
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${name} must be a whole number, got '${value}'`);
  return Number(value);
}

async function withDatabase<T>(
  fn: (pool: ReturnType<typeof createDb>['pool']) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const stops: Array<() => Promise<void>> = [];
  try {
    let url = config.databaseUrl;
    if (!url) {
      const pg = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPgPort,
        database: EMBEDDED_DATABASE,
        fallbackKey: REPO_ROOT,
      });
      stops.push(pg.stop);
      url = pg.url;
    }
    await runMigrations(url);
    const handle = createDb(url, { max: 2, applicationName: 'pagecast-cli' });
    stops.push(handle.close);
    return await fn(handle.pool);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command !== 'grant-pro') throw new UsageError(`Unknown command '${command}'`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: { months: { type: 'string' }, credits: { type: 'string' } },
    allowPositionals: true,
  });
  const [userId, ...extra] = positionals;
  if (!userId || extra.length > 0) throw new UsageError('grant-pro takes exactly one <userId>');
  if (!/^\d{1,32}$/.test(userId))
    throw new UsageError(`<userId> must be a numeric id, got '${userId}'`);
  const months = wholeNumber(values.months, 'months');
  const credits = wholeNumber(values.credits, 'credits', 0);

  const result = await withDatabase((db) => grantPro(db, { userId, months, credits }));
  const { admin, before, after } = result;
  console.log(`Granted Pro to ${admin.name} (user id ${admin.userId}):`);
  console.log(`  plan     ${before.plan}/${before.status} -> ${after.plan}/${after.status}`);
  console.log(`  period   ${before.periodEnd ?? 'none'} -> ends ${after.periodEnd}`);
  console.log(`  credits  ${before.availableCredits} -> ${after.availableCredits} (+${credits})`);
  return 0;
}

// Run only as the entry point (tests import `main`).
if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)
) {
  main(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
      else if (err instanceof UnknownAdminError || err instanceof RangeError)
        console.error(err.message);
      else console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    });
}
