import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, send, start } from './helpers.js';

const HOUR = 3_600_000;
const RETIREMENT = Date.UTC(2026, 3, 27);

describe('Send API', () => {
  let emu: Emulator;
  let f: Awaited<ReturnType<typeof fixture>>;
  let old: Awaited<ReturnType<typeof fixture>>;
  const msg = (psid: string, extra: Record<string, unknown> = {}) => ({
    recipient: { id: psid },
    messaging_type: 'RESPONSE',
    message: { text: 'Hello!' },
    ...extra,
  });

  beforeAll(async () => {
    // An app approved for Human Agent (test/permissions.test.ts covers one without it).
    emu = await start({ behaviour: { sendPerSecond: 0 }, appFeatures: { humanAgent: true } });
    f = await fixture(emu, 3);
    // contacts whose last message was 3 days ago (outside 24 h, inside 7 days)
    old = await fixture(emu, 2, { inboundAgoMs: 72 * HOUR });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: 0 } });
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: {
        sendPerSecond: 0,
        failNext: 0,
        failureRate: 0,
        unavailablePsids: [],
        legacyMessageTags: false,
      },
    });
  });

  it('sends inside the window: {recipient_id, message_id}, recorded in outbox and conversation', async () => {
    const psid = f.psids[0] as string;
    const r = await send(
      emu,
      f.page.id,
      f.pageToken,
      msg(psid, { message: { text: 'Your bread is ready 🥖' } }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ recipient_id: psid, message_id: expect.stringMatching(/^m_/) });
    const outbox = await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`);
    expect(outbox.body.data.at(-1)).toMatchObject({
      mid: r.body.message_id,
      recipient: psid,
      text: 'Your bread is ready 🥖',
      messaging_type: 'RESPONSE',
      tag: null,
      time: expect.any(Number),
    });
    const conv = await http(
      `${emu.url}/v16.0/t_${psid}/messages?fields=id,message,from&access_token=${f.pageToken}`,
    );
    expect(conv.body.data[0]).toMatchObject({
      id: r.body.message_id,
      message: 'Your bread is ready 🥖',
      from: { id: f.page.id },
    });
    const since = await http(
      `${emu.url}/_emulator/pages/${f.page.id}/outbox?since=${Date.now() + 60_000}`,
    );
    expect(since.body.count).toBe(0);
  });

  it('/me/messages with a form body works too', async () => {
    const r = await http(`${emu.url}/v16.0/me/messages?access_token=${f.pageToken}`, {
      form: {
        recipient: JSON.stringify({ id: f.psids[1] }),
        messaging_type: 'UPDATE',
        message: JSON.stringify({ text: 'form' }),
      },
    });
    expect(r.body.recipient_id).toBe(f.psids[1]);
  });

  it('messaging_type is required and validated; text at most 2000 characters', async () => {
    const psid = f.psids[0] as string;
    const missing = await send(emu, f.page.id, f.pageToken, {
      recipient: { id: psid },
      message: { text: 'x' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ type: 'OAuthException', code: 100 });
    expect(
      (await send(emu, f.page.id, f.pageToken, msg(psid, { messaging_type: 'PROMO' }))).body.error
        .code,
    ).toBe(100);
    expect(
      (await send(emu, f.page.id, f.pageToken, msg(psid, { message: { text: 'a'.repeat(2001) } })))
        .body.error.code,
    ).toBe(100);
    expect(
      (await send(emu, f.page.id, f.pageToken, msg(psid, { message: { text: 'a'.repeat(2000) } })))
        .status,
    ).toBe(200);
    expect(
      (await send(emu, f.page.id, f.pageToken, msg(psid, { message: { text: '😀'.repeat(2000) } })))
        .status,
    ).toBe(200);
  });

  it('message.metadata: a string of at most 1000 characters, kept with the send', async () => {
    const psid = f.psids[0] as string;
    const withMetadata = (metadata: unknown) =>
      send(emu, f.page.id, f.pageToken, msg(psid, { message: { text: 'm', metadata } }));
    const long = await withMetadata('a'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ type: 'OAuthException', code: 100 });
    expect((await withMetadata({ id: 1 })).body.error.code).toBe(100);
    const ok = await withMetadata('r'.repeat(1000));
    expect(ok.status).toBe(200);
    const outbox = await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`);
    expect(
      (outbox.body.data as Array<{ mid: string; metadata?: string }>).find(
        (e) => e.mid === ok.body.message_id,
      )?.metadata,
    ).toBe('r'.repeat(1000));
  });

  it('unknown recipient -> 100/2018001, unavailable -> 551/1545041', async () => {
    const unknown = await send(emu, f.page.id, f.pageToken, msg('1234567890123456'));
    expect(unknown.body.error).toMatchObject({
      code: 100,
      error_subcode: 2018001,
      message: '(#100) No matching user found',
    });
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { unavailablePsids: [f.psids[2]] },
    });
    const gone = await send(emu, f.page.id, f.pageToken, msg(f.psids[2] as string));
    expect(gone.body.error).toMatchObject({
      code: 551,
      error_subcode: 1545041,
      message: "(#551) This person isn't available right now.",
    });
  });

  it('RESPONSE/UPDATE outside the 24 h window -> 10/2018278; HUMAN_AGENT allowed up to 7 days', async () => {
    const psid = old.psids[0] as string;
    for (const t of ['RESPONSE', 'UPDATE']) {
      const r = await send(emu, old.page.id, old.pageToken, msg(psid, { messaging_type: t }));
      expect(r.body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
    }
    const noTag = await send(
      emu,
      old.page.id,
      old.pageToken,
      msg(psid, { messaging_type: 'MESSAGE_TAG' }),
    );
    expect(noTag.body.error.code).toBe(100);
    const human = await send(
      emu,
      old.page.id,
      old.pageToken,
      msg(psid, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }),
    );
    expect(human.status).toBe(200);
    await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: 5 * 24 * HOUR } }); // now 8 days since
    const late = await send(
      emu,
      old.page.id,
      old.pageToken,
      msg(psid, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }),
    );
    expect(late.body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
  });

  it('the window closes after 24 h and reopens when the contact writes', async () => {
    const psid = f.psids[1] as string;
    await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: 25 * HOUR } });
    expect((await send(emu, f.page.id, f.pageToken, msg(psid))).body.error.code).toBe(10);
    await http(`${emu.url}/_emulator/pages/${f.page.id}/contacts/${psid}/messages`, {
      json: { text: 'hi again' },
    });
    expect((await send(emu, f.page.id, f.pageToken, msg(psid))).status).toBe(200);
  });

  it('the three retired tags answer 100 after 2026-04-27 unless legacyMessageTags; allowed before it', async () => {
    const psid = old.psids[1] as string;
    const before = RETIREMENT - 86_400_000 - Date.now();
    const after = RETIREMENT + 1000 - Date.now();
    for (const tag of ['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE']) {
      const body = msg(psid, { messaging_type: 'MESSAGE_TAG', tag });
      await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: after } });
      const retired = await send(emu, old.page.id, old.pageToken, body);
      expect(retired.body.error).toMatchObject({
        code: 100,
        error_subcode: 1893061,
        message: 'Invalid parameter',
      });
      // Inside the window too: the tag alone is refused.
      const inside = msg(f.psids[0] as string, { messaging_type: 'MESSAGE_TAG', tag });
      expect((await send(emu, f.page.id, f.pageToken, inside)).body.error?.error_subcode).toBe(
        1893061,
      );
      await http(`${emu.url}/_emulator/behaviour`, {
        method: 'PUT',
        json: { legacyMessageTags: true },
      });
      expect((await send(emu, old.page.id, old.pageToken, body)).status).toBe(200);
      await http(`${emu.url}/_emulator/behaviour`, {
        method: 'PUT',
        json: { legacyMessageTags: false },
      });
      await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: before } });
      expect((await send(emu, old.page.id, old.pageToken, body)).status).toBe(200);
    }
  });

  it('token and permission errors: user token -> 210, missing pages_messaging -> 200, revoked -> 190', async () => {
    expect(
      (await send(emu, f.page.id, f.userToken, msg(f.psids[0] as string))).body.error.code,
    ).toBe(210);
    const limited = (
      await http(`${emu.url}/_emulator/users/${f.user.id}/tokens`, {
        json: { scopes: ['pages_show_list'] },
      })
    ).body.access_token;
    const pt = (await http(`${emu.url}/v16.0/me/accounts?access_token=${limited}`)).body.data[0]
      .access_token;
    const denied = await send(emu, f.page.id, pt, msg(f.psids[0] as string));
    expect(denied.body.error).toMatchObject({
      code: 200,
      message: expect.stringContaining('pages_messaging'),
    });
    await http(`${emu.url}/_emulator/tokens/${pt}/revoke`, { json: { subcode: 460 } });
    expect((await send(emu, f.page.id, pt, msg(f.psids[0] as string))).body.error).toMatchObject({
      code: 190,
      error_subcode: 460,
    });
    expect(
      (await send(emu, old.page.id, f.pageToken, msg(old.psids[0] as string))).body.error,
    ).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('fault injection: failNext cycles through failCodes (1200, 2, raw 500); only the 2 was sent', async () => {
    const before = (await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`)).body.count;
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { failNext: 3, failCodes: [1200, 2, 500] },
    });
    const a = await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string));
    expect(a.body.error).toMatchObject({ code: 1200 });
    const b = await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string));
    expect(b.status).toBe(500);
    expect(b.body.error).toMatchObject({ code: 2, is_transient: true });
    const c = await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string));
    expect(c.status).toBe(500);
    expect(typeof c.body).toBe('string');
    expect((await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string))).status).toBe(200);
    // Meta's 2 does not say the message was not sent: the emulator sends it, then answers the error.
    expect((await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`)).body.count).toBe(
      before + 2,
    );
  });

  it('fault injection: hangNext carries the call out but holds its answer (the caller times out), counted in /_emulator/faults', async () => {
    const before = (await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`)).body.count;
    const faults = (await http(`${emu.url}/_emulator/faults`)).body;
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { hangNext: 1, hangMs: 60_000 },
    });
    const url = `${emu.url}/v16.0/${f.page.id}/messages?access_token=${f.pageToken}`;
    const hung = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(msg(f.psids[0] as string, { message: { text: 'answer lost' } })),
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow(/abort|timeout/i);
    // The platform did send it: only the answer was lost.
    const outbox = (await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`)).body;
    expect(outbox.count).toBe(before + 1);
    expect(outbox.data.at(-1)).toMatchObject({ recipient: f.psids[0], text: 'answer lost' });
    // One hang only: the next call answers.
    expect((await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string))).status).toBe(200);
    // A shorter hold answers normally, late; conversations calls can be held too.
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { hangNext: 1, hangMs: 50, conversationsPerSecond: 0 },
    });
    const conv = await http(
      `${emu.url}/v16.0/${f.page.id}/conversations?access_token=${f.pageToken}`,
    );
    expect(conv.status).toBe(200);
    expect((await http(`${emu.url}/_emulator/behaviour`)).body.hangNext).toBe(0);
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { failNext: 2, failCodes: [613, 502] },
    });
    expect(
      (await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string))).body.error,
    ).toMatchObject({ code: 613 });
    expect((await send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string))).status).toBe(502);
    const after = (await http(`${emu.url}/_emulator/faults`)).body;
    expect(after.held).toBe(faults.held + 2);
    expect(after.byCode['613']).toBe((faults.byCode['613'] ?? 0) + 1);
    expect(after.byCode['502']).toBe((faults.byCode['502'] ?? 0) + 1);
    expect(
      (await http(`${emu.url}/_emulator/behaviour`, { method: 'PUT', json: { hangMs: -1 } }))
        .status,
    ).toBe(400);
  });

  it('send rate limit: exactly sendPerSecond per sliding second, 613 with X-Business-Use-Case-Usage', async () => {
    await http(`${emu.url}/_emulator/behaviour`, { method: 'PUT', json: { sendPerSecond: 10 } });
    const from = Date.now();
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        send(emu, f.page.id, f.pageToken, msg(f.psids[0] as string)),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status !== 200);
    expect(limited.length).toBeGreaterThan(0);
    for (const r of limited) {
      expect(r.body.error).toMatchObject({
        code: 613,
        message: '(#613) Calls to this api have exceeded the rate limit.',
      });
      const usage = JSON.parse(r.headers.get('x-business-use-case-usage') ?? '{}');
      expect(usage[f.page.id][0]).toMatchObject({
        type: 'messenger',
        call_count: 100,
        estimated_time_to_regain_access: expect.any(Number),
      });
      expect(r.headers.get('retry-after')).toBeNull();
    }
    const mids = new Set(ok.map((r) => r.body.message_id));
    const entries = (await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox?since=${from}`))
      .body.data as Array<{ mid: string; time: number }>;
    const times = entries.filter((e) => mids.has(e.mid)).map((e) => e.time);
    expect(times).toHaveLength(ok.length);
    for (let i = 10; i < times.length; i++)
      expect((times[i] ?? 0) - (times[i - 10] ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it('conversations rate limit: 80001 beyond conversationsPerSecond', async () => {
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { conversationsPerSecond: 2 },
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        http(`${emu.url}/v16.0/${f.page.id}/conversations?access_token=${f.pageToken}`),
      ),
    );
    const limited = results.filter((r) => r.status !== 200);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(2);
    expect(limited[0]?.body.error.code).toBe(80001);
    expect(
      JSON.parse(limited[0]?.headers.get('x-business-use-case-usage') ?? '{}')[f.page.id][0].type,
    ).toBe('pages');
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { conversationsPerSecond: 0 },
    });
  });

  it('a deleted page: its token answers 190, its contacts and outbox are gone, a second delete is 404', async () => {
    const g = await fixture(emu, 2);
    const psid = g.psids[0] as string;
    expect((await send(emu, g.page.id, g.pageToken, msg(psid))).status).toBe(200);
    expect(
      (await http(`${emu.url}/_emulator/pages/${g.page.id}`, { method: 'DELETE' })).body,
    ).toEqual({
      ok: true,
    });
    const after = await send(emu, g.page.id, g.pageToken, msg(psid));
    expect(after.status).toBe(400);
    expect(after.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect((await http(`${emu.url}/_emulator/pages/${g.page.id}/outbox`)).status).toBe(404);
    expect(
      (
        await http(`${emu.url}/_emulator/pages/${g.page.id}/contacts/${psid}/messages`, {
          json: { text: 'hi' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await http(`${emu.url}/_emulator/pages/${g.page.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    // Other pages are untouched.
    expect((await send(emu, f.page.id, f.pageToken, msg(f.psids[1] as string))).status).toBe(200);
  });

  it('Attachment Upload API: a reusable attachment_id for an image Meta can fetch, sent by that id', async () => {
    const upload = (message: unknown) =>
      http(`${emu.url}/v16.0/${f.page.id}/message_attachments?access_token=${f.pageToken}`, {
        json: { message },
      });
    const image = (url: string) => ({
      attachment: { type: 'image', payload: { url, is_reusable: true } },
    });
    const ok = await upload(image('https://cdn.example.com/sale.png'));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ attachment_id: expect.stringMatching(/^\d+$/) });
    // Meta cannot fetch these: its refusal, code 100.
    for (const url of [
      'http://cdn.example.com/sale.png',
      'https://images.invalid/sale.png',
      'nope',
    ]) {
      const r = await upload(image(url));
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({
        code: 100,
        error_subcode: 2018008,
        message: '(#100) Failed to fetch the file from the url',
      });
    }
    expect(
      (await upload({ attachment: { type: 'sticker', payload: { url: 'https://a.b/c.png' } } }))
        .status,
    ).toBe(400);
    // A user token cannot upload for the page.
    expect(
      (
        await http(
          `${emu.url}/v16.0/${f.page.id}/message_attachments?access_token=${f.userToken}`,
          {
            json: { message: image('https://cdn.example.com/sale.png') },
          },
        )
      ).status,
    ).toBe(400);

    const psid = f.psids[0] as string;
    const sent = await send(emu, f.page.id, f.pageToken, {
      recipient: { id: psid },
      messaging_type: 'UPDATE',
      message: { attachment: { type: 'image', payload: { attachment_id: ok.body.attachment_id } } },
    });
    expect(sent.status).toBe(200);
    const outbox = await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`);
    expect(outbox.body.data.at(-1)).toMatchObject({
      mid: sent.body.message_id,
      attachment: {
        type: 'image',
        attachment_id: ok.body.attachment_id,
        url: 'https://cdn.example.com/sale.png',
      },
    });
  });
});
