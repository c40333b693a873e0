// The emulator's control API (`/_emulator/...`) over real HTTP, and the shapes it answers with. Free of
// vitest, so the benchmarks (bench/) drive their emulators with the same calls as the tests.
import type { OutboxEntry } from '@pagecast/graph-emulator';

export type { OutboxEntry };

/** A page as the emulator's control API creates it. */
export interface EmulatorPage {
  id: string;
  name: string;
  access_token: string;
  contacts: Array<{ psid: string; name: string }>;
}

/** A user as the emulator's control API creates it. */
export interface EmulatorUser {
  id: string;
  name: string;
  access_token: string;
}

/**
 * A call to the emulator's control API: POST with a JSON body when there is one, GET otherwise.
 * Fails on any answer but 2xx.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers pick the shape they read
export async function emu<T = any>(
  emulator: { url: string } | string,
  path: string,
  body?: unknown,
  method?: string,
): Promise<T> {
  const base = (typeof emulator === 'string' ? emulator : emulator.url).replace(/\/$/, '');
  const r = await fetch(`${base}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`emulator ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** What the product sent on the page, oldest first: the platform's side of every send. */
export async function outboxOf(
  emulator: { url: string } | string,
  pageId: string,
): Promise<OutboxEntry[]> {
  return (await emu<{ data: OutboxEntry[] }>(emulator, `/_emulator/pages/${pageId}/outbox`)).data;
}
