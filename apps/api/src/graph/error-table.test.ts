// Meta's error table against the emulator over HTTP: every row, answered on demand by the emulator in Meta's
// words (POST /_emulator/pages/:id/faults/graph-error), reaches the caller with the row's kind and meaning; and
// the client never re-sends an answer that is not a throttle or a short temporary failure.
import { startEmulator, type Emulator } from '@pagecast/graph-emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphClient, type GraphClient } from './client.js';
import type { GraphErrorRow } from './error-kinds.js';
import { ERROR_TABLE } from './error-table.js';
import { sendOptinRequest } from './marketing.js';
import { caught } from '../../test/helpers/graph-error.js';
import { emu as control } from '../../test/support/emulator.js';

const APP = {
  version: 'v16.0',
  appId: '1000000000000001',
  appSecret: 'pagecast-emulator-app-secret',
};

describe("Meta's error table, answered by the emulator", () => {
  let emu: Emulator;
  /** No retries at all: each call is one answer. */
  let once: GraphClient;
  /** The API process's client as runtime.ts creates it: Graph defaults (20 throttle retries, 4 temporary). */
  let api: GraphClient;
  let page: { id: string; access_token: string; contacts: Array<{ psid: string }> };
  const psid = () => page.contacts[0]?.psid as string;
  const arm = (body: Record<string, unknown>) =>
    control(emu, `/_emulator/pages/${page.id}/faults/graph-error`, body);
  const answers = async (code: number) =>
    ((await control(emu, '/_emulator/faults', undefined, 'GET')).byCode[String(code)] ??
      0) as number;
  const send = (graph: GraphClient) =>
    graph.sendMessage({
      pageId: page.id,
      pageToken: page.access_token,
      psid: psid(),
      text: 'Hi',
      messagingType: 'RESPONSE',
    });

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: 'empty', behaviour: { sendPerSecond: 0 } });
    once = createGraphClient({ baseUrl: emu.url, ...APP, maxRetries: 0, maxRateLimitRetries: 0 });
    api = createGraphClient({ baseUrl: emu.url, ...APP });
    const user = await control(emu, '/_emulator/users', { name: 'Table Admin' });
    page = await control(emu, '/_emulator/pages', { ownerId: user.id, name: 'Table', contacts: 2 });
  });
  afterAll(async () => {
    await once.close();
    await api.close();
    await emu.close();
  });
  beforeEach(async () => {
    await control(emu, `/_emulator/pages/${page.id}/faults/graph-error`, undefined, 'DELETE');
  });

  /** One (code, subcode, message) per row: its code or both ends of its range; 10 for a row of any code. */
  const cases = ERROR_TABLE.flatMap((r: GraphErrorRow) => {
    const codes =
      r.code === null ? [10] : typeof r.code === 'number' ? [r.code] : [r.code[0], r.code[1]];
    const message = r.text
      ? r.code === 200
        ? "(#200) This person isn't receiving messages from you right now"
        : '(#100) The message tag ACCOUNT_UPDATE is no longer supported.'
      : undefined;
    return codes.map(
      (code) =>
        [`${code}/${r.subcode ?? '-'}${message ? ' (text)' : ''}`, code, r, message] as const,
    );
  });

  it.each(cases)('%s', async (_name, code, r, message) => {
    await arm({
      code,
      ...(r.subcode !== undefined ? { subcode: r.subcode } : {}),
      ...(message ? { message } : {}),
    });
    const err = await caught(send(once));
    // 1 and 2 do not say the message did not go out: a send never learns more than "unknown".
    expect(err.kind).toBe(code === 1 || code === 2 ? 'unknown_outcome' : r.kind);
    expect(err.meaning).toBe(r.meaning);
    expect(err.code).toBe(code);
    // Meta's words, not the emulator's fallback.
    expect(err.message).not.toMatch(/guess: the emulator knows no Meta words/);
  });

  it('613/2018338 is not retried by the API process client (20 throttle retries by default)', async () => {
    await arm({ code: 613, subcode: 2018338, psids: [psid()] });
    const before = await answers(613);
    const err = await caught(send(api));
    expect(err).toMatchObject({ kind: 'policy', code: 613, subcode: 2018338 });
    expect((await answers(613)) - before).toBe(1);
  });

  it('613/1893016 (a duplicate opt-in topic) is not retried either', async () => {
    await arm({ code: 613, subcode: 1893016, path: 'optin', psids: [psid()] });
    const before = await answers(613);
    const err = await caught(
      sendOptinRequest(api, {
        pageId: page.id,
        pageToken: page.access_token,
        psid: psid(),
        title: 'Weekly deals',
      }),
    );
    expect(err).toMatchObject({ kind: 'policy', code: 613, subcode: 1893016 });
    expect((await answers(613)) - before).toBe(1);
  });

  it('a plain 613 is still a throttle the client waits out', async () => {
    await arm({ code: 613, count: 1 });
    const before = await answers(613);
    const patient = createGraphClient({ baseUrl: emu.url, ...APP, rateLimitBackoffMs: 10 });
    try {
      expect((await send(patient)).messageId).toMatch(/^m_/);
    } finally {
      await patient.close();
    }
    expect((await answers(613)) - before).toBe(1);
  });

  it('a temporary failure with a wait Meta named (2300055, 30 minutes) is left to the caller, not retried', async () => {
    await arm({ code: 2300055, psids: [psid()] });
    const before = await answers(2300055);
    const err = await caught(send(api));
    expect(err).toMatchObject({ kind: 'transient', retryAfterMs: 1_800_000 });
    expect((await answers(2300055)) - before).toBe(1);
    // 1200 names no wait: retried (and then sent).
    await control(emu, `/_emulator/pages/${page.id}/faults/graph-error`, undefined, 'DELETE');
    await arm({ code: 1200, count: 1 });
    const fast = createGraphClient({ baseUrl: emu.url, ...APP, backoffBaseMs: 5 });
    try {
      expect((await send(fast)).messageId).toMatch(/^m_/);
    } finally {
      await fast.close();
    }
  });

  it('remaining_seconds of a throttle is kept, not replaced by the default backoff', async () => {
    await arm({ code: 2300078, remainingSeconds: 120 });
    const err = await caught(send(once));
    expect(err).toMatchObject({ kind: 'rate_limit', retryAfterMs: 120_000 });
  });
});
