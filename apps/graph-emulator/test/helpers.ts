import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator, type EmulatorOptions } from '../src/index.js';

export interface Json {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function http(
  url: string,
  init: {
    method?: string;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Json> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, {
    method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export async function start(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ port: 0, seed: 'empty', ...opts });
}

/** A world with one user (token with default scopes) and one page with `contacts` contacts inside the window. */
export async function fixture(emu: Emulator, contacts = 3, pageOpts: Record<string, unknown> = {}) {
  const user = (
    await http(`${emu.url}/_emulator/users`, { json: { name: 'Ada Lovelace', longLived: true } })
  ).body;
  const page = (
    await http(`${emu.url}/_emulator/pages`, {
      json: { ownerId: user.id, name: 'Test Bakery', contacts, ...pageOpts },
    })
  ).body;
  return {
    user,
    page,
    userToken: user.access_token as string,
    pageToken: page.access_token as string,
    psids: (page.contacts as Array<{ psid: string }>).map((c) => c.psid),
  };
}

export async function send(
  emu: Emulator,
  pageId: string,
  token: string,
  body: Record<string, unknown>,
) {
  return http(`${emu.url}/v16.0/${pageId}/messages?access_token=${token}`, { json: body });
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP receiver whose answers can be scripted (status codes in order, then 200). */
export async function receiver(
  script: number[] = [],
  onGet?: (url: URL) => { status: number; body: string },
) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.method === 'GET' && onGet) {
        const r = onGet(new URL(req.url ?? '/', 'http://x'));
        res.writeHead(r.status, { 'content-type': 'text/plain' });
        res.end(r.body);
        return;
      }
      const status = script.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: status === 200 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export async function waitFor<T>(fn: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Subscribes the app to `fields` (callback `hookUrl`, handshake answered by the receiver) and the page too. */
export async function subscribeWebhooks(
  emu: Emulator,
  hookUrl: string,
  page: { id: string; token: string },
  fields: string,
) {
  const appToken = encodeURIComponent('1000000000000001|pagecast-emulator-app-secret');
  await http(`${emu.url}/v25.0/1000000000000001/subscriptions?access_token=${appToken}`, {
    form: { object: 'page', callback_url: hookUrl, verify_token: 'v', fields },
  });
  await http(`${emu.url}/v25.0/${page.id}/subscribed_apps?access_token=${page.token}`, {
    form: { subscribed_fields: fields },
  });
}
