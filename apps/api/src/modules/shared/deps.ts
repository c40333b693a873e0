import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { PageAccessOf } from '../../auth/guards.js';
import type { Config } from '../../config.js';
import type { TokenCipher } from '../../crypto/tokens.js';
import type { GraphClient } from '../../graph/index.js';
import type { RealtimeHub } from '../../realtime/index.js';
import type { AfterCommit } from './after-commit.js';

/** What capability routers and job workers get. */
export interface ModuleDeps {
  config: Config;
  /** createDb's pool: repos take it (or a transaction's client, see db/client.ts#inTransaction); LISTEN. */
  pool: pg.Pool;
  boss?: PgBoss;
  /** The only way to the Graph API (src/graph); optional so tests that do not need it skip it. */
  graph?: GraphClient;
  tokens: TokenCipher;
  /**
   * What the webhook ingest runs after each delivery's commit (campaign counters, deliver on return): built
   * once per process (runtime.ts#ingestConsumers), the same list for the webhook route and the sweeper.
   */
  afterCommit: readonly AfterCommit[];
  /** Live events of this process (LISTEN side); absent in job workers, which only publish. */
  realtime?: RealtimeHub;
  /** Page access answered by this process's cache (auth/page-access-cache.ts); the database when absent. */
  pageAccess?: PageAccessOf;
}
