import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.js';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has an embedded default for every value', () => {
    const dataDir = tmp();
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({
      nodeEnv: 'development',
      // Loopback unless told otherwise; no socket; no drain pause outside production.
      host: '127.0.0.1',
      port: 3000,
      socketPath: undefined,
      drainDelayMs: 0,
      databaseUrl: undefined,
      dataDir,
      embeddedPgPort: 54329,
      webOrigin: 'http://localhost:3000',
      publicUrl: 'http://localhost:3000',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      graphApiUrl: undefined,
      graphApiVersion: 'v25.0',
      fbSdkUrl: undefined,
      fbAppId: '1000000000000001',
      fbAppSecret: 'pagecast-emulator-app-secret',
      webhookVerifyToken: 'pagecast-verify-token',
      emulatorPort: 4010,
      emulatorHost: '127.0.0.1',
      operatorUserIds: [],
      sendRatePerPage: 36,
      highVolumeSends: false,
      conversationsRatePerPage: 2,
      workersInApi: true,
      swaggerUi: true,
    });
    expect(c.encryptionKey).toHaveLength(32);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('defaults DATA_DIR to <repo>/.data, resolved from the source file', () => {
    expect(fs.existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'))).toBe(true);
  });

  it('generates the dev secrets once, keeps them in DATA_DIR with mode 0600', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'encryption-key')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('derives the SDK URL from GRAPH_API_URL and parses lists and flags', () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      GRAPH_API_URL: 'http://graph.local:4010/',
      OPERATOR_USER_IDS: ' 1, 2 ,,3',
      WORKERS_IN_API: 'false',
      PORT: '8080',
      DATABASE_URL: '',
    });
    expect(c.graphApiUrl).toBe('http://graph.local:4010');
    expect(c.fbSdkUrl).toBe('http://graph.local:4010/sdk.js');
    expect(c.operatorUserIds).toEqual(['1', '2', '3']);
    expect(c.workersInApi).toBe(false);
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
  });

  it("paces under Meta's high-volume threshold unless HIGH_VOLUME_SENDS says otherwise", () => {
    const dataDir = tmp();
    expect(loadConfig({ DATA_DIR: dataDir, SEND_RATE_PER_PAGE: '40' }).sendRatePerPage).toBe(40);
    const refused = () => loadConfig({ DATA_DIR: dataDir, SEND_RATE_PER_PAGE: '41' });
    expect(refused).toThrow(ConfigError);
    // The message names the consequence and the way out.
    expect(refused).toThrow(/SEND_RATE_PER_PAGE=41 is above Meta's high-volume threshold of 40/);
    expect(refused).toThrow(/Inbox/);
    expect(refused).toThrow(/HIGH_VOLUME_SENDS=1/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, SEND_RATE_PER_PAGE: '300', HIGH_VOLUME_SENDS: 'false' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ DATA_DIR: dataDir, SEND_RATE_PER_PAGE: '300', HIGH_VOLUME_SENDS: '1' }),
    ).toMatchObject({ sendRatePerPage: 300, highVolumeSends: true });
  });

  it('refuses to start in production without explicit JWT_SECRET and ENCRYPTION_KEY', () => {
    const dataDir = tmp();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(
      /production without JWT_SECRET and ENCRYPTION_KEY/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }),
    ).toThrow(/without ENCRYPTION_KEY/);
    // Nothing was generated on disk for production.
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(false);
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('base64'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      FB_APP_SECRET: randomBytes(16).toString('hex'),
      WEBHOOK_VERIFY_TOKEN: randomBytes(24).toString('base64url'),
      GRAPH_API_URL: 'https://graph.facebook.com',
      DATABASE_URL: 'postgres://pagecast@db.internal:5432/pagecast',
    });
    expect(ok.isProduction).toBe(true);
  });

  it('rejects invalid values with the variable name', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      /ENCRYPTION_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'abc' })).toThrow(/PORT/);
  });
});

/** Production values as `openssl rand` prints them, made inside each test (never while the file is collected). */
function production(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: '/nonexistent-pagecast-dir',
    JWT_SECRET: randomBytes(32).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    FB_APP_SECRET: randomBytes(16).toString('hex'),
    WEBHOOK_VERIFY_TOKEN: randomBytes(16).toString('hex'),
    GRAPH_API_URL: 'https://graph.facebook.com',
    DATABASE_URL: 'postgres://pagecast@db.internal:5432/pagecast',
  };
}

/** Bytes 0, 1, 2, … 31. */
const counting = () => Buffer.from(Array.from({ length: 32 }, (_, i) => i));

describe('production secrets, judged by strength', () => {
  // Each row started production before (or was refused for the wrong reason): the error names the variable
  // and why.
  it.each<[string, () => Record<string, string | undefined>, RegExp]>([
    [
      'the JWT docs example',
      () => ({ JWT_SECRET: 'your-256-bit-secret-your-256-bit-secret' }),
      /JWT_SECRET is too weak: it is a published example or default \(it contains "your256bitsecret"\)/,
    ],
    [
      'the alphabet',
      () => ({ JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz012345' }),
      /JWT_SECRET is too weak: it is a sequence of 32 characters in steps/,
    ],
    [
      'a phrase with a year',
      () => ({ JWT_SECRET: 'pagecast-production-jwt-secret-2026!' }),
      /JWT_SECRET is too weak: it is a published example/,
    ],
    ['changeme', () => ({ JWT_SECRET: 'changeme-changeme-changeme' }), /JWT_SECRET is too weak/],
    [
      'a repeated letter',
      () => ({ JWT_SECRET: 'a'.repeat(40) }),
      /JWT_SECRET.*block of 1 character/,
    ],
    [
      'a test secret of this repo',
      () => ({ JWT_SECRET: 'test-jwt-secret-that-is-long-enough' }),
      /JWT_SECRET is too weak/,
    ],
    [
      'a short hex secret',
      () => ({ JWT_SECRET: randomBytes(12).toString('hex') }),
      /JWT_SECRET is too weak: it is 96 bits, fewer than 128/,
    ],
    [
      'an ENCRYPTION_KEY of bytes 00..1f',
      () => ({ ENCRYPTION_KEY: counting().toString('base64') }),
      /ENCRYPTION_KEY is not a random key: it is a sequence of 32 bytes in steps/,
    ],
    [
      'an ENCRYPTION_KEY of zeros',
      () => ({ ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') }),
      /ENCRYPTION_KEY is not a random key/,
    ],
    [
      'an ENCRYPTION_KEY of bytes 00..1f in hex',
      () => ({ ENCRYPTION_KEY: counting().toString('hex') }),
      /ENCRYPTION_KEY is not a random key: it is a sequence of 32 bytes/,
    ],
    [
      'a verify token phrase',
      () => ({ WEBHOOK_VERIFY_TOKEN: 'my-webhook-verify-token' }),
      /WEBHOOK_VERIFY_TOKEN is too weak: it is a published example/,
    ],
    [
      'the dev verify token',
      () => ({ WEBHOOK_VERIFY_TOKEN: 'pagecast-verify-token' }),
      /WEBHOOK_VERIFY_TOKEN is unset or the development default/,
    ],
    [
      'the dev app secret',
      () => ({ FB_APP_SECRET: 'pagecast-emulator-app-secret' }),
      /FB_APP_SECRET is unset or the development default/,
    ],
    [
      'a patterned app secret',
      () => ({ FB_APP_SECRET: 'deadbeef'.repeat(4) }),
      /FB_APP_SECRET is too weak: it is a block of 8 characters repeated/,
    ],
    [
      'a phrase for the metrics token',
      () => ({ METRICS_TOKEN: 'prometheus-scrape-token-2026' }),
      /METRICS_TOKEN is too weak: it is words/,
    ],
    [
      'no DATABASE_URL',
      () => ({ DATABASE_URL: undefined }),
      /DATABASE_URL is unset: production runs on its own Postgres/,
    ],
  ])('refuses %s', (_name, override, message) => {
    const env = { ...production(), ...override() };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig(env)).toThrow(/Refusing to start in production/);
  });

  it('names every weak value at once, one line each', () => {
    const env = { ...production(), JWT_SECRET: 'a'.repeat(40), DATABASE_URL: undefined };
    expect(() => loadConfig(env)).toThrow(/\n {2}JWT_SECRET .*\n {2}DATABASE_URL /);
  });

  it.each<[string, () => Record<string, string>]>([
    [
      'openssl rand -hex 16 everywhere',
      () => ({
        JWT_SECRET: randomBytes(16).toString('hex'),
        FB_APP_SECRET: randomBytes(16).toString('hex'),
        WEBHOOK_VERIFY_TOKEN: randomBytes(16).toString('hex'),
        METRICS_TOKEN: randomBytes(16).toString('hex'),
      }),
    ],
    [
      'openssl rand -base64 32 everywhere',
      () => ({
        JWT_SECRET: randomBytes(32).toString('base64'),
        FB_APP_SECRET: randomBytes(32).toString('base64'),
        WEBHOOK_VERIFY_TOKEN: randomBytes(32).toString('base64'),
        METRICS_TOKEN: randomBytes(32).toString('base64'),
      }),
    ],
    [
      'openssl rand -base64 48 for the JWT',
      () => ({ JWT_SECRET: randomBytes(48).toString('base64') }),
    ],
    ['base64url tokens', () => ({ WEBHOOK_VERIFY_TOKEN: randomBytes(24).toString('base64url') })],
    ['a hex ENCRYPTION_KEY', () => ({ ENCRYPTION_KEY: randomBytes(32).toString('hex') })],
  ])('starts with %s', (_name, values) => {
    for (let i = 0; i < 50; i++) {
      const config = loadConfig({ ...production(), ...values() });
      expect(config.isProduction).toBe(true);
      expect(config.encryptionKey).toHaveLength(32);
    }
  });

  it('decodes a hex ENCRYPTION_KEY to the same 32 bytes as its base64', () => {
    const key = randomBytes(32);
    const hex = loadConfig({ ...production(), ENCRYPTION_KEY: key.toString('hex') });
    const b64 = loadConfig({ ...production(), ENCRYPTION_KEY: key.toString('base64') });
    expect(hex.encryptionKey.equals(key)).toBe(true);
    expect(b64.encryptionKey.equals(key)).toBe(true);
  });

  it('refuses an ENCRYPTION_KEY of another length in every mode', () => {
    const env = {
      DATA_DIR: '/nonexistent-pagecast-dir',
      ENCRYPTION_KEY: randomBytes(16).toString('hex'),
    };
    expect(() => loadConfig(env)).toThrow(/ENCRYPTION_KEY must be 32 bytes, in base64 or hex/);
  });

  it('judges nothing outside production (the dev defaults and the tests run there)', () => {
    const config = loadConfig({
      DATA_DIR: '/nonexistent-pagecast-dir',
      JWT_SECRET: 'test-jwt-secret-that-is-long-enough',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    expect(config.fbAppSecret).toBe('pagecast-emulator-app-secret');
  });
});
