import { randomBytes } from 'node:crypto';
// Secrets: access tokens are encrypted at rest, never logged (every line of a sign-in -> sync -> send flow at
// trace level is captured), and production refuses to start with the embedded secret defaults.
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { pages, pageSyncs } from '../../src/db/schema/index.js';
import { runPageSync } from '../../src/jobs/page-sync.js';
import { loggerOptions } from '../../src/logger.js';
import { tokenCipher } from '../../src/crypto/tokens.js';
import { apiClient, bodyOf, jwtOf } from '../support/client.js';
import { HOUR, emu } from '../support/emulator.js';
import { createWorld, type World } from './world.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const logger = pino(loggerOptions({ logLevel: 'trace', isProduction: false }), sink);

let world: World;
/** Every secret the flow handled, by name. */
const secrets: Record<string, string> = {};

beforeAll(async () => {
  world = await createWorld({ logger, env: { LOG_LEVEL: 'trace' } });
  const emulator = world.emulator.url;
  const user = await emu<{ id: string; access_token: string }>(emulator, '/_emulator/users', {
    name: 'Secret Keeper',
  });
  const page = await emu<{ id: string; access_token: string }>(emulator, '/_emulator/pages', {
    ownerId: user.id,
    name: 'Secret page',
    contacts: 4,
    messagesPerContact: 2,
    inboundAgoMs: HOUR,
  });
  const { access_token: userToken } = await emu<{ access_token: string }>(
    emulator,
    `/_emulator/users/${user.id}/tokens`,
    {},
  );
  secrets.userToken = userToken;
  secrets.pageToken = page.access_token;
  secrets.appSecret = world.config.fbAppSecret;
  secrets.jwtSecret = world.config.jwtSecret;
  secrets.encryptionKey = world.config.encryptionKey.toString('base64');

  // Sign in.
  const signIn = await apiClient(world.app).signIn.registerUserAdmin({
    body: { name: 'Secret Keeper', userId: user.id, accessToken: userToken, expiresIn: 5184000 },
  });
  secrets.jwt = jwtOf(signIn);
  // The tokens Pagecast keeps (exchanged / from the page list), decrypted from their rows.
  const cipher = tokenCipher(world.config.encryptionKey);
  const { rows: stored } = await world.database.pool.query<{
    user: string | null;
    page: string | null;
  }>(
    `select a.user_token_enc as user, p.page_token_enc as page from pages p
       join page_admins pa on pa.page_id = p.id join admins a on a.id = pa.admin_id
      where p.fb_page_id = $1`,
    [page.id],
  );
  secrets.storedUserToken = cipher.decrypt(stored[0]?.user ?? '');
  secrets.storedPageToken = cipher.decrypt(stored[0]?.page ?? '');
  const client = apiClient(world.app, { authorization: `Bearer ${secrets.jwt}` });

  // Sync (queued by the API, run here the way the worker runs it).
  bodyOf(await client.pages.syncPage({ params: { pageId: page.id }, body: {} }), 202);
  const [row] = await world.database.db
    .select({ id: pageSyncs.id })
    .from(pageSyncs)
    .innerJoin(pages, eq(pages.id, pageSyncs.pageId))
    .where(eq(pages.fbPageId, page.id));
  if (!row) throw new Error('no sync row');
  await runPageSync(
    {
      config: world.config,
      pool: world.database.pool,
      graph: world.graph,
      tokens: tokenCipher(world.config.encryptionKey),
    },
    row.id,
    {
      pageSize: 2,
      messagesPerConversation: 5,
      leaseMs: 30_000,
      watchdogMs: 10_000,
      maxRateLimitWaitMs: 1_000,
      minRateLimitWaitMs: 10,
      concurrency: 1,
      pollingIntervalSeconds: 1,
    },
    logger,
  );

  // Send, to a contact the sync brought in.
  const recipients = await client.inbox.getRecipients({ params: { pageId: page.id } });
  const first = bodyOf(recipients, 200).recipients[0];
  if (!first) throw new Error('the sync brought no contact');
  const send = await client.inbox.sendMessage({
    params: { pageId: page.id, userId: first.id },
    body: { message: 'Hello from the secrets test' },
  });
  bodyOf(send, 201);
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('secrets', () => {
  it('the flow was logged at trace level (requests and Graph calls), so the next checks mean something', () => {
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.includes('graph call'))).toBe(true);
    expect(lines.some((l) => l.includes('/register-user-admin'))).toBe(true);
  });

  it.each([
    'userToken',
    'pageToken',
    'storedUserToken',
    'storedPageToken',
    'jwt',
    'appSecret',
    'jwtSecret',
    'encryptionKey',
  ])('no %s in any log line', (name) => {
    const secret = secrets[name];
    expect(secret && secret.length > 10).toBe(true);
    expect(lines.filter((l) => l.includes(secret as string))).toEqual([]);
  });

  it('tokens are encrypted at rest: no table row holds a plain token', async () => {
    const { rows: tables } = await world.database.pool.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    let dump = '';
    for (const { name } of tables) {
      const { rows } = await world.database.pool.query<{ row: string }>(
        `select t::text as row from public."${name}" t`,
      );
      dump += rows.map((r) => r.row).join('\n');
    }
    // The stored tokens are real platform tokens (they decrypted in beforeAll), kept only encrypted.
    expect(secrets.storedUserToken).toMatch(/^EAA/);
    expect(secrets.storedPageToken).toMatch(/^EAA/);
    for (const name of [
      'userToken',
      'pageToken',
      'storedUserToken',
      'storedPageToken',
      'jwt',
    ] as const) {
      expect(dump.includes(secrets[name] as string), name).toBe(false);
    }
  });

  it('production refuses to start without JWT_SECRET or ENCRYPTION_KEY', () => {
    const base = { NODE_ENV: 'production', DATA_DIR: '/nonexistent-pagecast-dir' };
    const key = randomBytes(32).toString('base64');
    expect(() => loadConfig(base)).toThrow(/JWT_SECRET and ENCRYPTION_KEY/);
    expect(() => loadConfig({ ...base, JWT_SECRET: STRONG.JWT_SECRET })).toThrow(/ENCRYPTION_KEY/);
    expect(() => loadConfig({ ...base, ENCRYPTION_KEY: key })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'short', ENCRYPTION_KEY: key })).toThrow(
      /16 characters/,
    );
    const config = loadConfig({ ...base, ...STRONG, ENCRYPTION_KEY: key });
    expect(config.isProduction).toBe(true);
  });

  // Each of these started production before: a forgeable JWT secret, a key of zeros, the public defaults.
  it.each([
    ['JWT_SECRET', { JWT_SECRET: 'a'.repeat(40) }, /JWT_SECRET is too weak/],
    ['JWT_SECRET', { JWT_SECRET: 'a-long-enough-jwt-secret-for-prod' }, /JWT_SECRET is too weak/],
    [
      'ENCRYPTION_KEY',
      { ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') },
      /ENCRYPTION_KEY is not a random key/,
    ],
    [
      'FB_APP_SECRET',
      { FB_APP_SECRET: 'pagecast-emulator-app-secret' },
      /FB_APP_SECRET is unset or the development default/,
    ],
    ['FB_APP_SECRET', { FB_APP_SECRET: undefined }, /FB_APP_SECRET is unset/],
    [
      'WEBHOOK_VERIFY_TOKEN',
      { WEBHOOK_VERIFY_TOKEN: 'pagecast-verify-token' },
      /WEBHOOK_VERIFY_TOKEN is unset or the development default/,
    ],
    [
      'WEBHOOK_VERIFY_TOKEN',
      { WEBHOOK_VERIFY_TOKEN: 'xxxxxxxxxxxxxxxxxxxxxxxx' },
      /WEBHOOK_VERIFY_TOKEN is too weak/,
    ],
    [
      'GRAPH_API_URL',
      { GRAPH_API_URL: undefined },
      /GRAPH_API_URL is unset.*emulator never runs in production/,
    ],
  ])('production refuses a weak or default %s, naming it', (_name, override, message) => {
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent-pagecast-dir',
      ...STRONG,
      ...override,
    };
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('production starts with strong values for every documented variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: '/nonexistent-pagecast-dir',
      ...STRONG,
    });
    expect(config).toMatchObject({ isProduction: true, graphApiUrl: 'https://graph.facebook.com' });
  });
});

/** What the README tells an operator to set, with strong values. */
const STRONG: Record<string, string> = {
  JWT_SECRET: randomBytes(48).toString('base64'),
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  FB_APP_SECRET: randomBytes(16).toString('hex'),
  WEBHOOK_VERIFY_TOKEN: randomBytes(24).toString('base64url'),
  GRAPH_API_URL: 'https://graph.facebook.com',
  DATABASE_URL: 'postgres://pagecast@db.internal:5432/pagecast',
};
