// A running Pagecast for the client's tests and the pack check: the real API (apps/api/src/main.ts) as a child
// process, the way `pnpm start` runs it (embedded Postgres, the Graph emulator in-process, the job workers),
// on free ports with a data folder of its own under the system's temp folder, removed again on stop. One
// admin signs in through the emulator and syncs one page with a few contacts who wrote a minute ago (inside
// Messenger's 24-hour window, so a send reaches them). Free of vitest, like the API's harness it reuses.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_KEY_SCOPES, contract } from '@pagecast/contract';
import { initClient } from '@ts-rest/core';
import { freePort } from '../../../../apps/api/src/db/embedded.js';
import { spawnTsx, stopProcess } from '../../../../apps/api/test/fixtures/processes.js';
import {
  emu,
  type EmulatorPage,
  type EmulatorUser,
} from '../../../../apps/api/test/support/emulator-control.js';

/** What the tests get of the running product (plain data: vitest hands it from its global setup). */
export interface PagecastWorld {
  /** The API's origin, e.g. http://127.0.0.1:31234. */
  baseUrl: string;
  emulatorUrl: string;
  /** The signed-in admin's session JWT: setup routes (page sync) take a session, not a key. */
  sessionJwt: string;
  /** The synced page (its social-network id) and its contacts (PSID and name). */
  pageId: string;
  contacts: Array<{ psid: string; name: string }>;
}

export interface RunningPagecast {
  world: PagecastWorld;
  stop: () => Promise<void>;
}

const CONTACTS = 4;
const SYNC_TIMEOUT_MS = 60_000;

export async function startPagecast(): Promise<RunningPagecast> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pagecast-client-'));
  // mkdtemp makes a 0700 folder: the embedded Postgres runs as the `postgres` user under root and must reach it.
  chmodSync(dataDir, 0o755);
  const from = 30_000 + Math.floor(Math.random() * 20_000);
  const port = await freePort(from);
  const emulatorPort = await freePort(port + 1);
  const pgPort = await freePort(emulatorPort + 1);
  const baseUrl = `http://127.0.0.1:${port}`;
  const api = spawnTsx(
    'src/main.ts',
    {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      WEB_ORIGIN: baseUrl,
      EMULATOR_PORT: String(emulatorPort),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      // No web app here: the API serves only its routes.
      WEB_DIST: path.join(dataDir, 'no-web'),
      DATABASE_URL: undefined,
      GRAPH_API_URL: undefined,
      // Info, for the line that says it listens (main.ts); the output is kept for a failure's message.
      LOG_LEVEL: 'info',
    },
    { ready: /Pagecast is running at/ },
  );
  const stop = async () => {
    await stopProcess(api);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await api.ready;
    const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
    const world = await signInWithPage(baseUrl, emulatorUrl);
    return { world, stop };
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- API output ---\n${api.output().slice(-4000)}`, {
      cause: err,
    });
  }
}

/**
 * A new emulator user with a page of CONTACTS contacts, signed in as a script signs in (no browser: the JWT
 * comes in the body), and that page synced into Pagecast.
 */
async function signInWithPage(baseUrl: string, emulatorUrl: string): Promise<PagecastWorld> {
  const user = await emu<EmulatorUser>(emulatorUrl, '/_emulator/users', { name: 'Client Admin' });
  const page = await emu<EmulatorPage>(emulatorUrl, '/_emulator/pages', {
    ownerId: user.id,
    name: 'Client Test Page',
    contacts: CONTACTS,
    messagesPerContact: 1,
  });
  const token = await emu<{ access_token: string; expires_in: number }>(
    emulatorUrl,
    `/_emulator/users/${user.id}/tokens`,
    {},
  );
  const signIn = await initClient(contract, { baseUrl }).signIn.registerUserAdmin({
    body: {
      name: user.name,
      email: null,
      profilePic: null,
      userId: user.id,
      accessToken: token.access_token,
      expiresIn: token.expires_in,
    },
  });
  if (signIn.status !== 200 || !signIn.body.jwt)
    throw new Error(`sign-in answered ${signIn.status}: ${JSON.stringify(signIn.body)}`);
  const sessionJwt = signIn.body.jwt;
  const session = initClient(contract, {
    baseUrl,
    baseHeaders: { authorization: `Bearer ${sessionJwt}` },
  });
  const started = await session.pages.syncPage({ params: { pageId: page.id }, body: {} });
  if (started.status !== 202)
    throw new Error(`page sync answered ${started.status}: ${JSON.stringify(started.body)}`);
  const deadline = Date.now() + SYNC_TIMEOUT_MS;
  for (;;) {
    const res = await session.pages.syncStatus({ params: { jobId: started.body.jobId } });
    if (res.status !== 200) throw new Error(`sync status answered ${res.status}`);
    if (res.body.status === 'completed') break;
    if (res.body.status === 'failed' || res.body.status === 'not_found')
      throw new Error(`page sync ${res.body.status}: ${res.body.error ?? ''}`);
    if (Date.now() > deadline) throw new Error(`page sync not done after ${SYNC_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseUrl, emulatorUrl, sessionJwt, pageId: page.id, contacts: page.contacts };
}

/**
 * The Bearer credential the client (and the examples) authenticate with: an API key minted with the signed-in
 * admin's session for the world's page, with every scope (the examples read, reply, tag and schedule).
 */
export async function obtainCredential(world: PagecastWorld): Promise<string> {
  const session = initClient(contract, {
    baseUrl: world.baseUrl,
    baseHeaders: { authorization: `Bearer ${world.sessionJwt}` },
  });
  const made = await session.apiKeys.createApiKey({
    body: { name: 'Client tests', pageIds: [world.pageId], scopes: [...API_KEY_SCOPES] },
  });
  if (made.status !== 201)
    throw new Error(`creating an API key answered ${made.status}: ${JSON.stringify(made.body)}`);
  return made.body.key;
}
