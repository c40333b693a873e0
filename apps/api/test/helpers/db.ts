import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../../src/db/client.js';

export interface TestDatabase extends DbHandle {
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>;
}

function urlFor(name: string): string {
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for one test file: a copy of the migrated template (fast, isolated).
 * `{ migrated: false }` gives an empty database instead (e.g. to see /readyz refuse).
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('pgTemplate');
  await admin(async (client) => {
    // Concurrent copies of one template can collide briefly ("being accessed by other users"): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${template}`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  const url = urlFor(name);
  const handle = createDb(url, { max: 5, applicationName: 'pagecast-test' });
  return {
    ...handle,
    url,
    name,
    drop: async () => {
      await handle.close();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
