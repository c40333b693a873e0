import type { LiveEvent } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, inTransaction, type DbHandle } from '../src/db/client.js';
import { contacts, messages, pages } from '../src/db/schema/index.js';
import {
  createRealtimeHub,
  encodePayload,
  MAX_PAYLOAD_BYTES,
  publish,
} from '../src/realtime/index.js';
import { liveMessageLoader } from '../src/modules/inbox/index.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

let database: TestDatabase;
/** A second connection pool stands for a second API process. */
let other: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  other = createDb(database.url, { max: 2, applicationName: 'pagecast-test-other' });
});
afterAll(async () => {
  await other?.close();
  await database?.drop();
});

const PAGE = '7000000000000001';
const messageEvent = (
  text: string,
  mid = `m_${Math.random().toString(36).slice(2)}`,
): LiveEvent => ({
  type: 'message',
  pageId: PAGE,
  psid: '8000000000000001',
  message: {
    id: mid,
    message: text,
    createdAt: new Date().toISOString(),
    sentBy: '8000000000000001',
    status: 'received',
    attachments: [],
    reaction: null,
    campaign: null,
  },
});

/** A hub of the "other" process loads big messages through its own pool, as the app wires it. */
const hubOptions = () => ({ loadMessage: liveMessageLoader(other.pool) });

/** Resolves with the next event a subscriber gets. */
function nextEvent(hub: ReturnType<typeof createRealtimeHub>, pageId: string): Promise<LiveEvent> {
  return new Promise((resolve) => {
    const off = hub.subscribe(pageId, (e) => {
      off();
      resolve(e);
    });
  });
}

describe('realtime hub', () => {
  it('delivers an event published by one process to the hubs of two processes', async () => {
    const hubA = createRealtimeHub(database.pool, hubOptions());
    const hubB = createRealtimeHub(other.pool, hubOptions());
    try {
      const gotA = nextEvent(hubA, PAGE);
      const gotB = nextEvent(hubB, PAGE);
      await Promise.all([hubA.ready(), hubB.ready()]);
      const event = messageEvent('hello from process A');
      await publish(database.pool, PAGE, event);
      expect(await gotA).toEqual(event);
      expect(await gotB).toEqual(event);
    } finally {
      await hubA.close();
      await hubB.close();
    }
  });

  it('routes by page id and stops after unsubscribe', async () => {
    const hub = createRealtimeHub(other.pool, hubOptions());
    try {
      const seen: string[] = [];
      const off = hub.subscribe(PAGE, (e) =>
        seen.push(`a:${e.type === 'message' ? e.message.message : ''}`),
      );
      hub.subscribe('7000000000000002', (e) =>
        seen.push(`b:${e.type === 'message' ? e.message.message : ''}`),
      );
      await hub.ready();
      const first = nextEvent(hub, PAGE);
      await publish(database.pool, PAGE, messageEvent('one'));
      await first;
      const done = nextEvent(hub, '7000000000000002');
      off();
      await publish(database.pool, PAGE, messageEvent('two'));
      await publish(database.pool, '7000000000000002', {
        ...messageEvent('three'),
        pageId: '7000000000000002',
      });
      await done;
      expect(seen).toEqual(['a:one', 'b:three']);
    } finally {
      await hub.close();
    }
  });

  it('publishes inside a transaction only when it commits', async () => {
    const hub = createRealtimeHub(other.pool, hubOptions());
    try {
      const seen: string[] = [];
      hub.subscribe(PAGE, (e) => seen.push(e.type === 'message' ? e.message.message : e.type));
      await hub.ready();
      await inTransaction(database.pool, async (tx) => {
        await publish(tx, PAGE, messageEvent('rolled back'));
        throw new Error('rollback');
      }).catch(() => {});
      const next = nextEvent(hub, PAGE);
      await publish(database.pool, PAGE, messageEvent('committed'));
      await next;
      expect(seen).toEqual(['committed']);
    } finally {
      await hub.close();
    }
  });

  it('sends a message too large for NOTIFY as a reference and loads it from the database', async () => {
    const [page] = await database.db
      .insert(pages)
      .values({ fbPageId: PAGE, name: 'Big Page' })
      .returning();
    const [contact] = await database.db
      .insert(contacts)
      .values({ pageId: page?.id as string, psid: '8000000000000001', name: 'Ann' })
      .returning();
    const text = '€'.repeat(2000); // 6000 bytes of UTF-8, more once JSON-escaped
    await database.db.insert(messages).values({
      pageId: page?.id as string,
      contactId: contact?.id as string,
      mid: 'm_big',
      direction: 'in',
      text,
      sentBy: '8000000000000001',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    const event = messageEvent(text + text, 'm_big');
    expect(Buffer.byteLength(JSON.stringify(event))).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    expect(Buffer.byteLength(encodePayload(PAGE, event))).toBeLessThan(MAX_PAYLOAD_BYTES);
    const hub = createRealtimeHub(other.pool, hubOptions());
    try {
      const got = nextEvent(hub, PAGE);
      await hub.ready();
      await publish(database.pool, PAGE, event);
      const e = await got;
      expect(e.type === 'message' && e.message).toMatchObject({
        id: 'm_big',
        message: text,
        status: 'received',
      });
    } finally {
      await hub.close();
    }
  });

  it('reconnects after its LISTEN connection is killed and says so', async () => {
    const hub = createRealtimeHub(other.pool, { ...hubOptions(), reconnectMs: 20 });
    try {
      hub.subscribe(PAGE, () => {});
      await hub.ready();
      const reconnected = new Promise<void>((resolve) => hub.onReconnect(resolve));
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where application_name = 'pagecast-realtime' and datname = current_database()`,
      );
      await reconnected;
      const got = nextEvent(hub, PAGE);
      await publish(database.pool, PAGE, messageEvent('after the drop'));
      const e = await got;
      expect(e.type === 'message' && e.message.message).toBe('after the drop');
    } finally {
      await hub.close();
    }
  });
});
