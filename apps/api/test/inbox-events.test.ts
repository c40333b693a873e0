import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@pagecast/contract';
import type { Emulator } from '@pagecast/graph-emulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client.js';
import type { GraphClient } from '../src/graph/index.js';
import { publish } from '../src/realtime/index.js';
import { apiClient, bodyOf } from './support/client.js';
import { sseReader } from './support/sse.js';
import { HOUR, startTestEmulator, testGraph, type EmulatorPage } from './support/emulator.js';
import { newApp, newContact, newEmulatorAdmin, newEmulatorPage } from './support/world.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';

// Two API "processes": separate apps, pools and realtime hubs on one database, as behind a load balancer.
let database: TestDatabase;
let secondDb: DbHandle;
let emulator: Emulator;
let graph: GraphClient;
let api1: FastifyInstance;
let api2: FastifyInstance;
let url1: string;
let page: EmulatorPage & { uuid: string };
let headers: { authorization: string };

beforeAll(async () => {
  database = await createTestDatabase();
  secondDb = createDb(database.url, { max: 3 });
  emulator = await startTestEmulator();
  graph = testGraph(emulator.url);
  const one = await newApp({ database, emulator, graph });
  api1 = one.app;
  const two = await newApp({ database: { ...database, ...secondDb }, emulator, graph });
  api2 = two.app;
  await api1.listen({ port: 0, host: '127.0.0.1' });
  url1 = `http://127.0.0.1:${(api1.server.address() as AddressInfo).port}`;
  const world = { app: api1, database, emulator, tokens: one.tokens };
  const admin = await newEmulatorAdmin(world, 'Live Owner');
  page = await newEmulatorPage(
    world,
    admin,
    { name: 'Live Page', contacts: 1, inboundAgoMs: HOUR },
    { syncScope: 'full' },
  );
  await newContact(world, page.uuid, {
    psid: page.contacts[0]?.psid as string,
    lastMessageAt: new Date(Date.now() - HOUR),
  });
  headers = admin.headers;
});

afterAll(async () => {
  await api1?.close();
  await api2?.close();
  await secondDb?.close();
  await graph?.close();
  await emulator?.close();
  await database?.drop();
});

// The streams are read over real HTTP with fetch: the contract client over inject waits for a whole body,
// which an event stream never ends.
describe('GET /api/v1/chats/:pageId/events', () => {
  it('streams events published by another API process, only for its page', async () => {
    const ctrl = new AbortController();
    const res = await fetch(`${url1}/api/v1/chats/${page.id}/events`, {
      headers,
      signal: ctrl.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const sse = sseReader(res.body as ReadableStream<Uint8Array>);
    expect(await sse.next()).toContain(': connected');

    // Another page's event first: it must not reach this stream.
    const foreign: LiveEvent = {
      type: 'read',
      pageId: '5550000000000001',
      psid: '1',
      watermark: new Date().toISOString(),
    };
    await publish(secondDb.pool, '5550000000000001', foreign);
    // A reply sent through the second API process.
    const psid = page.contacts[0]?.psid as string;
    const sent = await apiClient(api2, headers).inbox.sendMessage({
      params: { pageId: page.id, userId: psid },
      body: { message: 'Live hello' },
    });
    const { message } = bodyOf(sent, 201);
    const event = await sse.nextEvent();
    expect(event).toEqual({
      type: 'message',
      pageId: page.id,
      psid,
      message,
    });
    await sse.cancel();
    ctrl.abort();
  });

  it('answers 401 without a token and 400 for a malformed page id', async () => {
    const anon = await fetch(`${url1}/api/v1/chats/${page.id}/events`);
    expect(anon.status).toBe(401);
    const bad = await fetch(`${url1}/api/v1/chats/not-a-page/events`, { headers });
    expect(bad.status).toBe(400);
  });

  it('closing the app ends open streams (no hanging shutdown)', async () => {
    const extra = await newApp({ database, emulator, graph });
    await extra.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(extra.app.server.address() as AddressInfo).port}`;
    const res = await fetch(`${url}/api/v1/chats/${page.id}/events`, { headers });
    const sse = sseReader(res.body as ReadableStream<Uint8Array>);
    expect(await sse.next()).toContain(': connected');
    await extra.app.close();
    await expect(sse.next()).rejects.toThrow('stream ended');
  });
});
