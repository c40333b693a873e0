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
