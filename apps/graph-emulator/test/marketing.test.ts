// The Marketing Message API twin (src/marketing): ad accounts, subscription tokens, the opt-in request and
// its webhook, message campaigns and one-subscriber sends with Meta's rules, the marketing_message_* changes,
// unsubscribing, the retired legacy send, and persistence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, receiver, send, start, subscribeWebhooks, waitFor } from './helpers.js';

const HOUR = 3_600_000;
const handshake = (url: URL) => ({
  status: 200,
  body: url.searchParams.get('hub.challenge') ?? '',
});

let emu: Emulator;
beforeAll(async () => {
  emu = await start({ behaviour: { sendPerSecond: 0, webhookBatchMs: 10 } });
});
afterAll(() => emu.close());

const graph = (path: string, token: string, json?: unknown) =>
  http(`${emu.url}/v25.0/${path}${path.includes('?') ? '&' : '?'}access_token=${token}`, {
    ...(json !== undefined ? { json } : {}),
  });
const control = (path: string, json: unknown = {}) => http(`${emu.url}/_emulator${path}`, { json });

/** A page whose owner has an ad account, two contacts subscribed, one not. */
async function marketingPage() {
  const f = await fixture(emu, 3);
  const account = (await control('/ad-accounts', { userId: f.user.id, name: 'Bakery Ads' })).body
    .id as string;
  const [a, b, c] = f.psids as [string, string, string];
  for (const psid of [a, b]) await control(`/pages/${f.page.id}/contacts/${psid}/optin`);
  const tokens = (await graph(`${f.page.id}/notification_message_tokens`, f.pageToken)).body
    .data as Array<{ notification_messages_token: string; recipient_id: string }>;
  const tokenOf = (psid: string) =>
    tokens.find((t) => t.recipient_id === psid)?.notification_messages_token as string;
  return { ...f, account, a, b, c, tokenOf };
}

const campaignOf = async (m: Awaited<ReturnType<typeof marketingPage>>) =>
  (await graph(`${m.account}/message_campaign`, m.userToken, { name: 'Sale', page_id: m.page.id }))
    .body.id as string;
const sendTo = (
  m: Awaited<ReturnType<typeof marketingPage>>,
  campaign: string,
  token: string,
  text = 'Hi {{first_name}}, 20% off today!',
) =>
  graph(`${m.account}/messages`, m.userToken, {
    message_id: campaign,
    messenger_delivery_data: { subscription_token: token },
    message: { text },
  });

describe('ad accounts', () => {
  it("reads the owner's ad account with Meta's fields; anyone else gets 100/33", async () => {
    const m = await marketingPage();
    expect((await graph(m.account, m.userToken)).body).toEqual({
      id: m.account,
      account_id: m.account.slice(4),
      name: 'Bakery Ads',
      currency: 'USD',
      account_status: 1,
    });
    const other = await fixture(emu, 1);
    const refused = await graph(m.account, other.userToken);
    expect(refused.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect((await graph('act_999', m.userToken)).body.error).toMatchObject({ code: 100 });
    // The user's own list (a user token).
    const mine = await graph('me/adaccounts', m.userToken);
    expect(mine.body.data.map((a: { id: string }) => a.id)).toEqual([m.account]);
    expect((await graph('me/adaccounts', m.pageToken)).body.error).toMatchObject({ code: 100 });
  });
});

describe('subscription tokens', () => {
  it('lists active tokens with their fields and pages them with cursors', async () => {
    const m = await marketingPage();
    const first = await graph(`${m.page.id}/notification_message_tokens?limit=1`, m.pageToken);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({
      recipient_id: m.a,
      topic_title: 'Updates and promotions',
      notification_messages_reoptin: 'ENABLED',
      user_token_status: 'NOT_REFRESHED',
    });
    expect(first.body.paging.next).toBeDefined();
    const second = await graph(
      `${m.page.id}/notification_message_tokens?limit=1&after=${first.body.paging.cursors.after}`,
      m.pageToken,
    );
    expect(second.body.data.map((t: { recipient_id: string }) => t.recipient_id)).toEqual([m.b]);
    expect(second.body.paging.next).toBeUndefined();
    // A stopped subscriber is not listed.
    await control(`/pages/${m.page.id}/contacts/${m.a}/optin`, { action: 'stop' });
    const after = await graph(`${m.page.id}/notification_message_tokens`, m.pageToken);
    expect(after.body.data.map((t: { recipient_id: string }) => t.recipient_id)).toEqual([m.b]);
  });
});

describe('the opt-in request', () => {
  const optin = (psid: string, title = 'Weekly offers') => ({
    recipient: { id: psid },
    messaging_type: 'RESPONSE',
    message: {
      attachment: {
        type: 'template',
        payload: { template_type: 'notification_messages', title, payload: 'x' },
      },
    },
  });

  it('goes inside the window, once per title a week; the answer comes as messaging_optins', async () => {
    const hook = await receiver([], handshake);
    try {
      const f = await fixture(emu, 2);
      await subscribeWebhooks(
        emu,
        hook.url,
        { id: f.page.id, token: f.pageToken },
        'messaging_optins,message_echoes',
      );
      const psid = f.psids[0] as string;
      const sent = await send(emu, f.page.id, f.pageToken, optin(psid));
      expect(sent.body).toEqual({ recipient_id: psid, message_id: expect.any(String) });
      const again = await send(emu, f.page.id, f.pageToken, optin(psid));
      expect(again.body.error).toMatchObject({ code: 613, error_subcode: 1893016 });
      // Another title may be asked about.
      expect((await send(emu, f.page.id, f.pageToken, optin(psid, 'Events'))).status).toBe(200);
      await control(`/pages/${f.page.id}/contacts/${psid}/optin`, { title: 'Weekly offers' });
      type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const messaging = () =>
        hook.received
          .filter((r) => r.method === 'POST')
          .map((r) => JSON.parse(r.body) as { entry: Array<{ messaging?: Item[] }> })
          .flatMap((b) => b.entry.flatMap((e) => e.messaging ?? []));
      const entry = await waitFor(() => messaging().find((e) => e.optin));
      // The request's echo is the template as sent, without text.
      const echo = await waitFor(() =>
        messaging().find((e) => e.message?.mid === sent.body.message_id),
      );
      expect(echo.message).toEqual({
        mid: sent.body.message_id,
        is_echo: true,
        app_id: expect.any(Number),
        attachments: [
          {
            type: 'template',
            payload: {
              template_type: 'notification_messages',
              title: 'Weekly offers',
              payload: 'x',
            },
          },
        ],
      });
      expect(entry).toMatchObject({
        sender: { id: psid },
        recipient: { id: f.page.id },
        optin: {
          type: 'notification_messages',
          notification_messages_token: expect.any(String),
          title: 'Weekly offers',
        },
      });
    } finally {
      await hook.close();
    }
  });

  it('is refused outside the window (10/2018278)', async () => {
    const f = await fixture(emu, 1, { inboundAgoMs: 48 * HOUR });
    const res = await send(emu, f.page.id, f.pageToken, optin(f.psids[0] as string));
    expect(res.body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
  });

  it('a legacy send to a notification token is refused (retired in 2026)', async () => {
    const m = await marketingPage();
    const res = await send(emu, m.page.id, m.pageToken, {
      recipient: { notification_messages_token: m.tokenOf(m.a) },
      messaging_type: 'UPDATE',
      message: { text: 'hi' },
    });
    expect(res.body.error).toMatchObject({ code: 100 });
  });
});

describe('message campaigns and sends', () => {
  it('waits for the warm-up, sends with macros and the changes webhooks, then keeps 12 hours', async () => {
    const hook = await receiver([], handshake);
    try {
      const m = await marketingPage();
      await subscribeWebhooks(
        emu,
        hook.url,
        { id: m.page.id, token: m.pageToken },
        'marketing_message_echoes,marketing_message_deliveries,marketing_message_reads,marketing_message_clicks',
      );
      const campaign = await campaignOf(m);
      const early = await sendTo(m, campaign, m.tokenOf(m.a));
      expect(early.body.error).toMatchObject({ code: 2300003, error_subcode: 2300003 });
      expect(early.body.error.error_data.remaining_seconds).toBeGreaterThan(3500);

      await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: HOUR + 1000 } });
      const ok = await sendTo(m, campaign, m.tokenOf(m.a));
      expect(ok.body).toEqual({ success: true, marketing_message_tracking_id: expect.any(String) });
      const outbox = (await http(`${emu.url}/_emulator/pages/${m.page.id}/outbox`)).body
        .data as Array<{
        recipient: string;
        text: string;
        messaging_type: string;
      }>;
      expect(outbox.at(-1)).toMatchObject({ recipient: m.a, messaging_type: 'MARKETING' });
      expect(outbox.at(-1)?.text).toMatch(/^Hi \S+, 20% off today!$/);

      const again = await sendTo(m, campaign, m.tokenOf(m.a));
      expect(again.body.error).toMatchObject({ code: 2300035 });
      await http(`${emu.url}/_emulator/marketing/${ok.body.marketing_message_tracking_id}/click`, {
        json: {},
      });
      const changes = await waitFor(() => {
        const all = hook.received
          .filter((r) => r.method === 'POST')
          .flatMap((r) =>
            (
              JSON.parse(r.body) as {
                entry: Array<{
                  changes?: Array<{ field: string; value: Record<string, unknown> }>;
                }>;
              }
            ).entry.flatMap((e) => e.changes ?? []),
          );
        return all.length >= 3 && all;
      });
      // Insights count it (values as strings, as Meta sends them); the campaign can be read and deleted.
      const insights = await graph(`${campaign}/insights`, m.userToken);
      expect(insights.body.data[0]).toMatchObject({
        marketing_messages_delivered: '1',
        marketing_messages_link_btn_click: '1',
        marketing_messages_spend: '0.02',
      });
      expect((await graph(campaign, m.userToken)).body).toMatchObject({ status: 'ACTIVE' });
      expect(changes.map((c) => c.field)).toEqual([
        'marketing_message_echoes',
        'marketing_message_deliveries',
        'marketing_message_clicks',
      ]);
      expect(changes[1]?.value).toMatchObject({
        field: 'marketing_message_deliveries',
        recipient_id: Number(m.a),
        page_id: Number(m.page.id),
        marketing_message_tracking_id: ok.body.marketing_message_tracking_id,
        messenger_subscription_token: m.tokenOf(m.a),
        message_id: campaign,
        mid: expect.any(String),
      });
    } finally {
      await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: 0 } });
      await hook.close();
    }
  });

  it('refuses what Meta refuses: unknown campaign, unknown token, opted out, a bad macro', async () => {
    const m = await marketingPage();
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { marketingWarmupMs: 0 },
    });
    try {
      const campaign = await campaignOf(m);
      expect((await sendTo(m, '123', m.tokenOf(m.a))).body.error.code).toBe(2300001);
      expect((await sendTo(m, campaign, 'nope')).body.error.code).toBe(2300004);
      expect((await sendTo(m, campaign, m.tokenOf(m.b), 'Hi {{nickname}}')).body.error.code).toBe(
        2300038,
      );
      await control(`/pages/${m.page.id}/contacts/${m.b}/optin`, { action: 'stop', notify: false });
      expect((await sendTo(m, campaign, m.tokenOf(m.b))).body.error.code).toBe(2300034);
      const unsub = await graph(`${m.page.id}/messaging_customer_base/unsubscribe`, m.pageToken, {
        data: [{ psid: m.a }, { psid: '1' }],
      });
      expect(unsub.body).toEqual({ invalid_rows_count: 1 });
      expect((await sendTo(m, campaign, m.tokenOf(m.a))).body.error.code).toBe(2300034);
      expect(
        (await graph(`${m.account}/message_campaign`, m.userToken, { page_id: m.page.id })).body
          .error,
      ).toMatchObject({ code: 100 });
    } finally {
      await http(`${emu.url}/_emulator/behaviour`, {
        method: 'PUT',
        json: { marketingWarmupMs: 3_600_000 },
      });
    }
  });
});

describe('frequency caps', () => {
  it("blocks the 6th marketing message in a week (2300042), and an active subscriber's next one until they write (2300044)", async () => {
    const m = await marketingPage();
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { marketingWarmupMs: 0, marketingCooldownMs: 0 },
    });
    try {
      const campaign = await campaignOf(m);
      // Active (wrote within 7 days): after one marketing message, the next waits for them to write.
      expect((await sendTo(m, campaign, m.tokenOf(m.a))).body.success).toBe(true);
      expect((await sendTo(m, campaign, m.tokenOf(m.a))).body.error.code).toBe(2300044);
      await http(`${emu.url}/_emulator/pages/${m.page.id}/contacts/${m.a}/messages`, {
        json: { text: 'Thanks!' },
      });
      expect((await sendTo(m, campaign, m.tokenOf(m.a))).body.success).toBe(true);
      // A subscriber who has not written for 8 days: only the weekly share limits them.
      const quiet = await fixture(emu, 1, { inboundAgoMs: 8 * 24 * HOUR });
      const account = (await control('/ad-accounts', { userId: quiet.user.id })).body.id as string;
      const psid = quiet.psids[0] as string;
      const token = (await control(`/pages/${quiet.page.id}/contacts/${psid}/optin`)).body
        .token as string;
      const c2 = (
        await graph(`${account}/message_campaign`, quiet.userToken, {
          name: 'Quiet',
          page_id: quiet.page.id,
        })
      ).body.id as string;
      const codes: Array<number | true> = [];
      for (let i = 0; i < 7; i++) {
        await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: i * 25 * HOUR } });
        const r = await graph(`${account}/messages`, quiet.userToken, {
          message_id: c2,
          messenger_delivery_data: { subscription_token: token },
          message: { text: 'Weekly deal' },
        });
        codes.push(r.body.success === true ? true : (r.body.error.code as number));
      }
      expect(codes.slice(0, 5)).toEqual([true, true, true, true, true]);
      expect(codes[5]).toBe(2300042);
    } finally {
      await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: 0 } });
      await http(`${emu.url}/_emulator/behaviour`, {
        method: 'PUT',
        json: { marketingWarmupMs: 3_600_000, marketingCooldownMs: 12 * HOUR },
      });
    }
  });
});

describe('persistence', () => {
  it('keeps ad accounts, subscriptions and campaigns across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emu-marketing-'));
    const stateFile = join(dir, 'state.json');
    try {
      const first = await start({ stateFile });
      const f = await fixture(first, 1);
      const account = (
        await http(`${first.url}/_emulator/ad-accounts`, { json: { userId: f.user.id } })
      ).body.id as string;
      await http(`${first.url}/_emulator/pages/${f.page.id}/contacts/${f.psids[0]}/optin`, {
        json: {},
      });
      await first.close();
      const second = await start({ stateFile });
      try {
        const subs = (await http(`${second.url}/_emulator/pages/${f.page.id}/subscriptions`)).body
          .data as unknown[];
        expect(subs).toHaveLength(1);
        expect(
          (await http(`${second.url}/v25.0/${account}?access_token=${f.userToken}`)).body.id,
        ).toBe(account);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
