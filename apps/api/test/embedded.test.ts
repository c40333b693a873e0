import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  freePort,
  startEmbeddedPostgres,
  untraversableParents,
  type EmbeddedPg,
} from '../src/db/embedded.js';

const dataDir = path.join(os.tmpdir(), `pagecast-embedded-test-${process.pid}`);
let server: EmbeddedPg | undefined;
let blocker: net.Server | undefined;

afterAll(async () => {
  await server?.stop();
  blocker?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  it('starts a real server on the next free port and creates the database', async () => {
    const wanted = await freePort(56000 + Math.floor(Math.random() * 2000));
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker?.listen(wanted, '127.0.0.1', resolve));

    server = await startEmbeddedPostgres({
      dataDir,
      port: wanted,
      database: 'pagecast_probe',
      persistent: false,
    });
    expect(server.port).toBeGreaterThan(wanted);
    expect(server.dataDir).toBe(dataDir);
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ db: string; version: string }>(
      'select current_database() as db, version() as version',
    );
    await client.end();
    expect(rows[0]?.db).toBe('pagecast_probe');
    expect(rows[0]?.version).toMatch(/^PostgreSQL \d+/);
  });

  it('attaches to the server already running on that data directory', async () => {
    const again = await startEmbeddedPostgres({ dataDir, port: 5, database: 'pagecast_other' });
    expect(again.port).toBe(server?.port);
    await again.stop(); // not ours: a no-op
    const client = new pg.Client({ connectionString: again.url });
    await client.connect();
    await client.end();
  });

  it('gives the superuser a random password kept beside the data (0600); the old fixed one is refused', async () => {
    const file = `${dataDir}.password`;
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(server?.url).toContain(`:${password}@`);
    await expect(connectAs('pagecast-embedded', server?.port ?? 0)).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it('rotates the fixed password of a data directory made before random ones', async () => {
    const legacyDir = path.join(os.tmpdir(), `pagecast-embedded-legacy-${process.pid}`);
    const port = await freePort(58000 + Math.floor(Math.random() * 1000));
    let first: EmbeddedPg | undefined = await startEmbeddedPostgres({
      dataDir: legacyDir,
      port,
      database: 'p',
    });
    try {
      // What an older install looks like: the fixed password and no password file.
      const admin = new pg.Client({ connectionString: first.adminUrl });
      await admin.connect();
      await admin.query(`alter user postgres password 'pagecast-embedded'`);
      await admin.end();
      fs.rmSync(`${legacyDir}.password`);
      await first.stop();
      first = await startEmbeddedPostgres({ dataDir: legacyDir, port, database: 'p' });
      const rotated = fs.readFileSync(`${legacyDir}.password`, 'utf8').trim();
      expect(rotated).not.toBe('pagecast-embedded');
      expect(first.url).toContain(`:${rotated}@`);
      await expect(connectAs('pagecast-embedded', first.port)).rejects.toThrow(
        /password authentication failed/,
      );
    } finally {
      await first.stop();
      fs.rmSync(legacyDir, { recursive: true, force: true });
      fs.rmSync(`${legacyDir}.password`, { force: true });
    }
  });

  it.runIf(process.getuid?.() === 0)(
    'names the folders the postgres user cannot traverse',
    async () => {
      const locked = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-locked-'));
      try {
        fs.chmodSync(locked, 0o700);
        expect(await untraversableParents(path.join(locked, 'data'))).toEqual([locked]);
        fs.chmodSync(locked, 0o711);
        expect(await untraversableParents(path.join(locked, 'data'))).toEqual([]);
      } finally {
        fs.rmSync(locked, { recursive: true, force: true });
      }
    },
  );
});

async function connectAs(password: string, port: number): Promise<void> {
  const client = new pg.Client({
    connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
  });
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => {});
  }
}
