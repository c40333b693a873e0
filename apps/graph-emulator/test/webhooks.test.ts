import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest, type Emulator } from '../src/index.js';
import { fixture, http, receiver, send, start, waitFor } from './helpers.js';

const SECRET = 'pagecast-emulator-app-secret';
const APP_TOKEN = `1000000000000001|${SECRET}`;

async function subscribe(
  emu: Emulator,
  callbackUrl: string,
  fields = 'messages,message_deliveries,message_reads,messaging_postbacks,message_echoes',
) {
  return http(
    `${emu.url}/v16.0/1000000000000001/subscriptions?access_token=${encodeURIComponent(APP_TOKEN)}`,
    {
      form: {
        object: 'page',
        callback_url: callbackUrl,
        verify_token: 'pagecast-verify-token',
        fields,
      },
    },
  );
}

const handshake = (url: URL) =>
  url.searchParams.get('hub.mode') === 'subscribe' &&
  url.searchParams.get('hub.verify_token') === 'pagecast-verify-token'
    ? { status: 200, body: url.searchParams.get('hub.challenge') ?? '' }
    : { status: 403, body: 'forbidden' };

describe('webhooks', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await start({ behaviour: { sendPerSecond: 0, webhookRetryBaseMs: 20 } });
  });
  afterAll(() => emu.close());

  it('app subscription requires the verification handshake (challenge echoed)', async () => {
    const wrong = await receiver([], () => ({ status: 200, body: 'not-the-challenge' }));
    const denied = await receiver([], () => ({ status: 403, body: 'no' }));
    try {
      expect((await subscribe(emu, wrong.url)).body.error.code).toBe(2201);
      expect((await subscribe(emu, denied.url)).body.error.code).toBe(2200);
      expect(denied.received[0]?.url).toContain('hub.mode=subscribe');
      const noApp = await http(
        `${emu.url}/v16.0/1000000000000001/subscriptions?access_token=nope`,
        { form: { object: 'page' } },
      );
      expect(noApp.body.error.code).toBe(190);
    } finally {
      await wrong.close();
      await denied.close();
    }
  });

  it('delivers signed, batched events only for subscribed pages and fields', async () => {
    const hook = await receiver([], handshake);
    try {
      expect((await subscribe(emu, hook.url)).body).toEqual({ success: true });
      const sub = await http(
        `${emu.url}/v16.0/1000000000000001/subscriptions?access_token=${encodeURIComponent(APP_TOKEN)}`,
      );
      expect(sub.body.data[0]).toMatchObject({
        object: 'page',
        callback_url: hook.url,
        active: true,
      });
      const f = await fixture(emu, 3);
      const g = await fixture(emu, 1);
      // page g is not subscribed -> nothing for it
      await http(`${emu.url}/v16.0/${f.page.id}/subscribed_apps?access_token=${f.pageToken}`, {
        form: {
          subscribed_fields:
            'messages,message_deliveries,message_reads,messaging_postbacks,message_echoes',
        },
      });
      const [p0, p1] = f.psids as [string, string];
      await http(`${emu.url}/_emulator/pages/${g.page.id}/contacts/${g.psids[0]}/messages`, {
        json: { text: 'ignored' },
      });
      const m1 = await http(`${emu.url}/_emulator/pages/${f.page.id}/contacts/${p0}/messages`, {
        json: { text: 'héllo äöå' },
      });
      await http(`${emu.url}/_emulator/pages/${f.page.id}/contacts/${p1}/messages`, {
        json: { text: 'second' },
      });
      await http(`${emu.url}/_emulator/pages/${f.page.id}/contacts/${p0}/read`, { method: 'POST' });
      await http(`${emu.url}/_emulator/pages/${f.page.id}/contacts/${p0}/postback`, {
        json: { title: 'Get Started', payload: 'GET_STARTED' },
      });
      const sent = await send(emu, f.page.id, f.pageToken, {
        recipient: { id: p0 },
        messaging_type: 'RESPONSE',
        message: { text: 'reply', metadata: 'pagecast:r:42' },
      });
      const posts = () => hook.received.filter((r) => r.method === 'POST');
      const events = () =>
        posts().flatMap((p) =>
          (JSON.parse(p.body) as { entry: Array<{ messaging: unknown[] }> }).entry.flatMap(
            (e) => e.messaging,
          ),
        );
      await waitFor(() => events().length >= 6);
      for (const p of posts()) {
        const expected256 = 'sha256=' + createHmac('sha256', SECRET).update(p.body).digest('hex');
        expect(p.headers['x-hub-signature-256']).toBe(expected256);
        expect(p.headers['x-hub-signature']).toBe(
          'sha1=' + createHmac('sha1', SECRET).update(p.body).digest('hex'),
        );
        const body = JSON.parse(p.body);
        expect(body.object).toBe('page');
        for (const e of body.entry) {
          expect(e).toMatchObject({
            id: f.page.id,
            time: expect.any(Number),
            messaging: [expect.any(Object)],
          });
        }
      }
      expect(posts().some((p) => JSON.parse(p.body).entry.length > 1)).toBe(true);
      expect(posts()[0]?.body).toContain('h\\u00e9llo \\u00e4\\u00f6\\u00e5');
      const all = events() as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
      expect(all.find((e) => e.message?.text === 'héllo äöå')).toMatchObject({
        sender: { id: p0 },
        recipient: { id: f.page.id },
        message: { mid: m1.body.mid },
      });
      expect(all.find((e) => e.read)).toMatchObject({ read: { watermark: expect.any(Number) } });
      expect(all.find((e) => e.postback)).toMatchObject({
        postback: { title: 'Get Started', payload: 'GET_STARTED', mid: expect.any(String) },
      });
      expect(all.find((e) => e.message?.is_echo)).toMatchObject({
        sender: { id: f.page.id },
        recipient: { id: p0 },
        // Meta's echo: is_echo, the sending app's id and the send's metadata, as given.
        message: {
          mid: sent.body.message_id,
          text: 'reply',
          is_echo: true,
          app_id: expect.any(Number),
          metadata: 'pagecast:r:42',
        },
      });
      // The delivery's watermark covers the message; its `mids` may be missing, as Meta's may.
      const echo = all.find((e) => e.message?.is_echo);
      const delivery = all.find((e) => e.delivery);
      expect(delivery?.delivery.watermark).toBeGreaterThanOrEqual(echo?.timestamp);
      if (delivery?.delivery.mids) expect(delivery.delivery.mids).toEqual([sent.body.message_id]);
      expect(all.some((e) => e.message?.text === 'ignored')).toBe(false);
    } finally {
      await hook.close();
    }
  });

  it('sends what Meta sends: files, stickers, reactions, read watermarks, standby and Page Inbox echoes', async () => {
    const hook = await receiver([], handshake);
    const fields =
      'messages,message_deliveries,message_reads,message_echoes,message_reactions,standby';
    try {
      await subscribe(emu, hook.url, fields);
      const f = await fixture(emu, 1);
      await http(`${emu.url}/v16.0/${f.page.id}/subscribed_apps?access_token=${f.pageToken}`, {
        form: { subscribed_fields: fields },
      });
      const psid = f.psids[0] as string;
      const contactUrl = `${emu.url}/_emulator/pages/${f.page.id}/contacts/${psid}`;
      const photo = await http(`${contactUrl}/messages`, {
        json: { attachments: [{ type: 'image' }, { type: 'file', name: 'order.pdf' }] },
      });
      const sticker = await http(`${contactUrl}/messages`, {
        json: { attachments: [{ type: 'sticker' }] },
      });
      const sentA = await send(emu, f.page.id, f.pageToken, {
        recipient: { id: psid },
        messaging_type: 'RESPONSE',
        message: { text: 'first' },
      });
      const sentB = await send(emu, f.page.id, f.pageToken, {
        recipient: { id: psid },
        messaging_type: 'RESPONSE',
        message: { text: 'second' },
      });
      await new Promise((r) => setTimeout(r, 20));
      const read = await http(`${contactUrl}/read`, { method: 'POST' });
      await http(`${contactUrl}/reactions`, {
        json: { mid: sentB.body.message_id, emoji: '\u2764\ufe0f' },
      });
      expect(
        (await http(`${contactUrl}/reactions`, { json: { mid: 'm_nope', emoji: 'x' } })).status,
      ).toBe(404);
      await http(`${emu.url}/_emulator/pages/${f.page.id}/thread-owner`, {
        json: { owner: 'inbox' },
      });
      await http(`${contactUrl}/messages`, { json: { text: 'to the inbox' } });
      await http(`${contactUrl}/inbox-reply`, { json: { text: 'answered in Business Suite' } });

      type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const entries = () =>
        hook.received
          .filter((r) => r.method === 'POST')
          .flatMap((p) => (JSON.parse(p.body) as { entry: Item[] }).entry);
      const messaging = () => entries().flatMap((e) => (e.messaging ?? []) as Item[]);
      const standby = () => entries().flatMap((e) => (e.standby ?? []) as Item[]);
      await waitFor(() => standby().length >= 2);

      const all = messaging();
      const url = expect.stringMatching(/\/_emulator\/cdn\/.+\?oe=[0-9a-f]+$/);
      expect(all.find((e) => e.message?.mid === photo.body.mid)?.message).toEqual({
        mid: photo.body.mid,
        attachments: [
          { type: 'image', payload: { url } },
          { type: 'file', payload: { url }, title: 'order.pdf' },
        ],
      });
      expect(all.find((e) => e.message?.mid === sticker.body.mid)?.message).toEqual({
        mid: sticker.body.mid,
        sticker_id: 369239263222822,
        attachments: [{ type: 'image', payload: { url, sticker_id: 369239263222822 } }],
      });
      // The read watermark is the time of the newest page message seen, not the time of reading.
      const echoB = all.find((e) => e.message?.mid === sentB.body.message_id);
      expect(read.body.watermark).toBe(echoB?.timestamp);
      expect(all.find((e) => e.read)?.read.watermark).toBe(echoB?.timestamp);
      expect(all.find((e) => e.read)?.timestamp).toBeGreaterThan(echoB?.timestamp);
      // Of two deliveries in a row, one lists its mid and one does not.
      const deliveries = all.filter((e) => e.delivery).map((e) => e.delivery);
      expect(deliveries).toHaveLength(2);
      expect(deliveries.filter((d) => d.mids).length).toBe(1);
      expect(sentA.body.message_id).not.toBe(sentB.body.message_id);
      expect(all.find((e) => e.reaction)?.reaction).toEqual({
        mid: sentB.body.message_id,
        action: 'react',
        emoji: '\u2764\ufe0f',
        reaction: 'love',
      });
      // With the threads in Meta's Page Inbox, events arrive in `standby`, echoes with its app id.
      expect(standby().map((e) => e.message?.text)).toEqual([
        'to the inbox',
        'answered in Business Suite',
      ]);
      expect(standby()[1]?.message).toMatchObject({ is_echo: true, app_id: 263902037430900 });
      expect(all.some((e) => e.message?.text === 'to the inbox')).toBe(false);

      // The files are served until their URL expires, then refused as Meta's CDN does.
      const file = all.find((e) => e.message?.mid === photo.body.mid)?.message.attachments[1];
      const got = await fetch(file.payload.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toContain('application/pdf');
      const expired = await http(`${contactUrl}/messages`, {
        json: { attachments: [{ type: 'image' }], expiresInMs: 0 },
      });
      expect((await fetch(expired.body.attachments[0].url)).status).toBe(403);

      // The Graph API reads the same message back with its files (and the sticker as `sticker`).
      const thread = await http(
        `${emu.url}/v16.0/t_${psid}/messages?fields=id,message,attachments,sticker&limit=10&access_token=${f.pageToken}`,
      );
      const rows = thread.body.data as Item[];
      expect(rows.find((m) => m.id === photo.body.mid)?.attachments.data).toEqual([
        expect.objectContaining({
          mime_type: 'image/svg+xml',
          image_data: expect.objectContaining({ url }),
        }),
        expect.objectContaining({ name: 'order.pdf', file_url: url }),
      ]);
      expect(rows.find((m) => m.id === sticker.body.mid)?.sticker).toEqual(url);
    } finally {
      await hook.close();
    }
  });

  it("sends m.me referrals into the thread and message edits in Meta's shapes", async () => {
    const hook = await receiver([], handshake);
    const fields = 'messages,messaging_referrals,message_edits';
    try {
      await subscribe(emu, hook.url, fields);
      const f = await fixture(emu, 1, { inboundAgoMs: 72 * 3_600_000 });
      await http(`${emu.url}/v25.0/${f.page.id}/subscribed_apps?access_token=${f.pageToken}`, {
        form: { subscribed_fields: fields },
      });
      const psid = f.psids[0] as string;
      const contactUrl = `${emu.url}/_emulator/pages/${f.page.id}/contacts/${psid}`;
      const sendText = () =>
        send(emu, f.page.id, f.pageToken, {
          recipient: { id: psid },
          messaging_type: 'RESPONSE',
          message: { text: 'hello again' },
        });
      expect((await sendText()).body.error.code).toBe(10); // outside the window
      expect((await http(`${contactUrl}/referral`, { json: { ref: 'spring' } })).body).toEqual({
        ok: true,
      });
      // The referral opened the 24-hour window.
      expect((await sendText()).body.message_id).toEqual(expect.any(String));
      const wrote = await http(`${contactUrl}/messages`, { json: { text: 'typo' } });
      expect(
        (await http(`${contactUrl}/edit`, { json: { mid: wrote.body.mid, text: 'fixed' } })).body,
      ).toEqual({ edits: 1 });
      expect(
        (await http(`${contactUrl}/edit`, { json: { mid: 'm_nope', text: 'x' } })).status,
      ).toBe(404);

      type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const messaging = () =>
        hook.received
          .filter((r) => r.method === 'POST')
          .flatMap((p) => (JSON.parse(p.body) as { entry: Item[] }).entry)
          .flatMap((e) => (e.messaging ?? []) as Item[]);
      await waitFor(() => messaging().some((e) => e.message_edit));
      expect(messaging().find((e) => e.referral)).toMatchObject({
        sender: { id: psid },
        recipient: { id: f.page.id },
        referral: { ref: 'spring', source: 'SHORTLINK', type: 'OPEN_THREAD' },
      });
      expect(messaging().find((e) => e.message_edit)?.message_edit).toEqual({
        mid: wrote.body.mid,
        text: 'fixed',
        num_edit: 1,
      });
      const thread = await http(
        `${emu.url}/v25.0/t_${psid}/messages?fields=id,message&limit=5&access_token=${f.pageToken}`,
      );
      expect((thread.body.data as Item[]).find((m) => m.id === wrote.body.mid)?.message).toBe(
        'fixed',
      );
    } finally {
      await hook.close();
    }
  });

  it('retries with backoff: a receiver answering 500 then 200 gets the same body twice', async () => {
    const hook = await receiver([500, 500], handshake);
    try {
      await subscribe(emu, hook.url, 'messages');
      const f = await fixture(emu, 1);
      await http(`${emu.url}/v16.0/${f.page.id}/subscribed_apps?access_token=${f.pageToken}`, {
        form: { subscribed_fields: 'messages' },
      });
      await http(`${emu.url}/_emulator/pages/${f.page.id}/contacts/${f.psids[0]}/messages`, {
        json: { text: 'retry me' },
      });
      const posts = await waitFor(() => {
        const p = hook.received.filter((r) => r.method === 'POST');
        return p.length >= 3 ? p : undefined;
      });
      expect(posts[0]?.body).toBe(posts[2]?.body);
      const log = (await http(`${emu.url}/_emulator/webhooks/deliveries`)).body.data as Array<{
        status: number;
        attempt: number;
      }>;
      expect(log.slice(-3).map((d) => [d.attempt, d.status])).toEqual([
        [1, 500],
        [2, 500],
        [3, 200],
      ]);
    } finally {
      await hook.close();
    }
  });

  it('remove-app revokes tokens (190/458) and posts signed_request to both callbacks', async () => {
    const deletion = await receiver();
    const deauth = await receiver();
    const e2 = await start({
      dataDeletionCallbackUrl: deletion.url,
      deauthorizeCallbackUrl: deauth.url,
    });
    try {
      const f = await fixture(e2, 1);
      const r = await http(`${e2.url}/_emulator/users/${f.user.id}/remove-app`, { method: 'POST' });
      expect(r.body).toMatchObject({
        ok: true,
        dataDeletion: { status: 200 },
        deauthorize: { status: 200 },
      });
      expect(
        (await http(`${e2.url}/v16.0/me?access_token=${f.userToken}`)).body.error,
      ).toMatchObject({ code: 190, error_subcode: 458 });
      expect(
        (
          await send(e2, f.page.id, f.pageToken, {
            recipient: { id: f.psids[0] },
            messaging_type: 'RESPONSE',
            message: { text: 'x' },
          })
        ).body.error,
      ).toMatchObject({ code: 190, error_subcode: 458 });
      for (const rec of [deletion.received[0], deauth.received[0]]) {
        expect(rec?.headers['content-type']).toBe('application/x-www-form-urlencoded');
        const signed = new URLSearchParams(rec?.body).get('signed_request') ?? '';
        const [sig, payload] = signed.split('.') as [string, string];
        expect(signed).not.toContain('=');
        expect(sig).toBe(createHmac('sha256', SECRET).update(payload).digest('base64url'));
        expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
          user_id: f.user.id,
          algorithm: 'HMAC-SHA256',
          issued_at: expect.any(Number),
        });
      }
      const delPayload = JSON.parse(
        Buffer.from(
          (new URLSearchParams(deletion.received[0]?.body).get('signed_request') ?? '').split(
            '.',
          )[1] ?? '',
          'base64url',
        ).toString(),
      );
      expect(delPayload.expires).toBeGreaterThan(delPayload.issued_at);
    } finally {
      await e2.close();
      await deletion.close();
      await deauth.close();
    }
  });

  it('signRequest helper matches the format', () => {
    const s = signRequest({ user_id: '42', issued_at: 1 }, 'secret');
    const [sig, payload] = s.split('.') as [string, string];
    expect(sig).toBe(createHmac('sha256', 'secret').update(payload).digest('base64url'));
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      algorithm: 'HMAC-SHA256',
      user_id: '42',
      issued_at: 1,
    });
  });
});
