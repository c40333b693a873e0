// `POST /_emulator/pages/:pageId/faults/graph-error`: any row of Meta's error table on demand, in Meta's words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, send, start } from './helpers.js';

describe('graph-error faults', () => {
  let emu: Emulator;
  let f: Awaited<ReturnType<typeof fixture>>;
  const msg = (psid: string) => ({
    recipient: { id: psid },
    messaging_type: 'RESPONSE',
    message: { text: 'Hello!' },
  });
  const arm = (body: unknown, pageId = f.page.id) =>
    http(`${emu.url}/_emulator/pages/${pageId}/faults/graph-error`, { json: body });
  const outboxCount = async () =>
    (await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`)).body.count as number;

  beforeAll(async () => {
    emu = await start({ behaviour: { sendPerSecond: 0 } });
    f = await fixture(emu, 3);
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await http(`${emu.url}/_emulator/pages/${f.page.id}/faults/graph-error`, { method: 'DELETE' });
  });

  it('answers the next send with the row in Meta words, sends nothing, then lets the next one through', async () => {
    const psid = f.psids[0] as string;
    expect((await arm({ code: 200, subcode: 1545041 })).body).toEqual({ armed: 1 });
    const before = await outboxCount();
    const r = await send(emu, f.page.id, f.pageToken, msg(psid));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 200,
      error_subcode: 1545041,
      type: 'OAuthException',
      message: "(#200) Message Not Sent: This person isn't available right now.",
      fbtrace_id: expect.any(String),
    });
    expect(await outboxCount()).toBe(before);
    expect((await send(emu, f.page.id, f.pageToken, msg(psid))).status).toBe(200);
    const faults = await http(`${emu.url}/_emulator/faults`);
    expect(faults.body.byCode['200']).toBeGreaterThanOrEqual(1);
  });

  it('answers only the given PSIDs, every time, until cleared; message, type and remaining seconds as given', async () => {
    const [a, b] = f.psids as [string, string];
    await arm({ code: 613, subcode: 2018338, psids: [a] });
    await arm({
      code: 2300055,
      message: 'Try later',
      type: 'GraphMethodException',
      remainingSeconds: 90,
      psids: [b],
    });
    for (let i = 0; i < 2; i++) {
      const r = await send(emu, f.page.id, f.pageToken, msg(a));
      expect(r.body.error).toMatchObject({ code: 613, error_subcode: 2018338 });
      expect(r.body.error.message).toMatch(/^\(#613\) Warning! You are engaging in behavior/);
    }
    const other = await send(emu, f.page.id, f.pageToken, msg(b));
    expect(other.body.error).toMatchObject({
      code: 2300055,
      error_subcode: 2300055,
      message: 'Try later',
      type: 'GraphMethodException',
      error_data: { remaining_seconds: 90 },
    });
    expect((await send(emu, f.page.id, f.pageToken, msg(f.psids[2] as string))).status).toBe(200);
    await http(`${emu.url}/_emulator/pages/${f.page.id}/faults/graph-error`, { method: 'DELETE' });
    expect((await send(emu, f.page.id, f.pageToken, msg(a))).status).toBe(200);
  });

  it('count answers that many sends; path limits it to one kind of send', async () => {
    const psid = f.psids[1] as string;
    await arm({ code: 10, subcode: 1893063, count: 2, path: 'utility' });
    // A standard send is another path: it goes through.
    expect((await send(emu, f.page.id, f.pageToken, msg(psid))).status).toBe(200);
    const utility = {
      recipient: { id: psid },
      messaging_type: 'UTILITY',
      message: { template: { name: 'none', language: { code: 'en_US' } } },
    };
    for (let i = 0; i < 2; i++) {
      const r = await send(emu, f.page.id, f.pageToken, utility);
      expect(r.body.error).toMatchObject({
        code: 10,
        error_subcode: 1893063,
        message: '(#10) You are temporarily restricted from sending messages.',
      });
    }
    // Used up: the template's own answer (it does not exist) again.
    expect((await send(emu, f.page.id, f.pageToken, utility)).body.error.error_subcode).not.toBe(
      1893063,
    );
  });

  it('a code the emulator has no words for still answers, saying so', async () => {
    await arm({ code: 12345 });
    const r = await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string));
    expect(r.body.error).toMatchObject({ code: 12345 });
    expect(r.body.error.message).toMatch(/^\(#12345\) /);
    expect(r.body.error.error_subcode).toBeUndefined();
  });

  it('refuses bad bodies and unknown pages clearly', async () => {
    expect((await arm({})).status).toBe(400);
    expect((await arm({ code: 'x' })).status).toBe(400);
    expect((await arm({ code: 10, psids: ['abc'] })).status).toBe(400);
    expect((await arm({ code: 10, path: 'sms' })).status).toBe(400);
    expect((await arm({ code: 10, extra: 1 })).status).toBe(400);
    expect((await arm({ code: 10 }, '999999999')).status).toBe(404);
  });

  it('unavailablePsids answer 200/1545041 when unavailableCode is 200', async () => {
    const psid = f.psids[2] as string;
    const put = (json: unknown) => http(`${emu.url}/_emulator/behaviour`, { method: 'PUT', json });
    try {
      await put({ unavailablePsids: [psid], unavailableCode: 200 });
      const r = await send(emu, f.page.id, f.pageToken, msg(psid));
      expect(r.body.error).toMatchObject({ code: 200, error_subcode: 1545041 });
      await put({ unavailableCode: 551 });
      expect((await send(emu, f.page.id, f.pageToken, msg(psid))).body.error).toMatchObject({
        code: 551,
        error_subcode: 1545041,
      });
      expect((await put({ unavailableCode: 404 })).status).toBe(400);
    } finally {
      await put({ unavailablePsids: [], unavailableCode: 551 });
    }
  });
});
