import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { signAdminToken, SESSION_TTL_MS, type AuthContext } from '../../src/auth/jwt.js';
import { openSession } from '../../src/modules/sessions/repo.js';
import { dz, type Sql } from '../../src/db/client.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { GraphClient } from '../../src/graph/index.js';
import type { AfterCommit } from '../../src/modules/shared/after-commit.js';
import { ingestConsumers } from '../../src/runtime.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough';
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/**
 * Strong values for the secrets production insists on (a test in production mode gets them), and a
 * DATABASE_URL production requires: the test's own database is handed to the app, so this one is never used.
 */
export const PRODUCTION_SECRETS = {
  DATABASE_URL: 'postgres://unused@127.0.0.1:9/unused',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  FB_APP_SECRET: randomBytes(16).toString('hex'),
  WEBHOOK_VERIFY_TOKEN: randomBytes(24).toString('base64url'),
};

/** Config as the tests run it: explicit secrets, a throwaway DATA_DIR, no web build unless given. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-test-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    GRAPH_API_URL: 'http://127.0.0.1:9',
    ...(env.NODE_ENV === 'production' ? PRODUCTION_SECRETS : {}),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** A bearer header for an admin (or operator): a session row and its JWT, as sign-in issues them. */
  authHeader: (auth?: Partial<AuthContext>) => Promise<{ authorization: string }>;
  close: () => Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    graph?: GraphClient;
    /** A test's own webhook consumer, run after the product's (counters, deliver on return). */
    listen?: AfterCommit;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    pool: database.pool,
    graph: options.graph,
    afterCommit: [...ingestConsumers(database.pool), ...(options.listen ? [options.listen] : [])],
  });
  await app.ready();
  return {
    app,
    config,
    database,
    authHeader: async (auth = {}) => ({
      authorization: `Bearer ${await sessionToken(app, database.pool, {
        adminId: auth.adminId ?? '00000000-0000-4000-8000-000000000001',
        userId: auth.userId ?? '1000000000000042',
        role: auth.role ?? 'admin',
      })}`,
    }),
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A JWT backed by a real session row, as sign-in issues it (the admin row is created when the test has
 * none: its ids are what the token claims).
 */
export async function sessionToken(
  app: FastifyInstance,
  db: Sql,
  auth: Pick<AuthContext, 'adminId' | 'userId' | 'role'>,
): Promise<string> {
  await dz(db).execute(
    sql`insert into admins (id, fb_user_id, name) values (${auth.adminId}, ${auth.userId}, 'Test admin')
        on conflict do nothing`,
  );
  const sessionId = await openSession(db, {
    adminId: auth.adminId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return signAdminToken(app, { ...auth, sessionId });
}
