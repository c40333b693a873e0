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
