import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { signAdminToken, type AuthContext } from '../../src/auth/jwt.js';
import { type Config, loadConfig } from '../../src/config.js';
import type { GraphClient } from '../../src/graph/index.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough';
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** Strong values for the secrets production insists on (a test in production mode gets them). */
export const PRODUCTION_SECRETS = {
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
  /** A bearer header for an admin (or operator) JWT signed with the app's secret. */
  authHeader: (auth?: Partial<AuthContext>) => { authorization: string };
  close: () => Promise<void>;
}

export async function createTestApp(
  options: { env?: Record<string, string>; database?: TestDatabase; graph?: GraphClient } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({
    config,
    db: database.db,
    pool: database.pool,
    graph: options.graph,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    authHeader: (auth = {}) => ({
      authorization: `Bearer ${signAdminToken(app, {
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
