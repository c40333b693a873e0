// The inbox as a team's queue (docs/inbox.md "The queue"): only a person's reply clears Needs reply (never
// a campaign's, a marketing message's or an opt-in request's), conversations are resolved, snoozed and
// assigned to the page's messaging admins, and every change reaches the page's open inboxes live. The
// contact writes through the emulator, whose webhooks reach the API over real HTTP.
import type { AddressInfo } from 'node:net';
import type { Recipient, RecipientMatch } from '@pagecast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeMessengerWebhooks } from '../src/runtime.js';
import { startSyncEnv, type SyncEnv } from './helpers/sync.js';
import { bodyOf } from './support/client.js';
import { emu, type EmulatorPage } from './support/emulator.js';
import { sseReader } from './support/sse.js';
import { waitFor } from './support/wait.js';
import { postSignedWebhook, webhooksSettled } from './support/webhooks.js';
import {
  newPageAdmin,
  newEmulatorAdmin,
  newEmulatorPage,
  type TestAdmin,
} from './support/world.js';

const PAGE_INBOX_APP_ID = 263902037430900;
const HOUR = 3_600_000;
let env: SyncEnv;
let owner: TestAdmin;
let colleague: TestAdmin;
let analyst: TestAdmin;
let stranger: TestAdmin;
let page: EmulatorPage & { uuid: string };
let baseUrl: string;

beforeAll(async () => {
  env = await startSyncEnv();
  await env.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = env.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  owner = await newEmulatorAdmin(env, 'Owner Admin');
  page = await newEmulatorPage(env, owner, { name: 'Queue Page', contacts: 10 });
  colleague = await newEmulatorAdmin(env, 'Colleague Admin');
  await newPageAdmin(env, page.uuid, colleague.adminId, ['MESSAGING']);
  analyst = await newEmulatorAdmin(env, 'Analyst Admin');
  await newPageAdmin(env, page.uuid, analyst.adminId, ['ANALYZE']);
  stranger = await newEmulatorAdmin(env, 'Stranger Admin');
  await newEmulatorPage(env, stranger, { name: 'Other Page', contacts: 1 });
  await subscribeMessengerWebhooks({
    config: { ...env.config, publicUrl: baseUrl },
    graph: env.graph,
    logger: env.app.log as never,
  });
  await env.graph.subscribeApp(page.id, page.access_token, ['messages', 'message_echoes']);
});
afterAll(async () => {
  await env?.close();
});

const psidAt = (i: number) => page.contacts[i]?.psid as string;

const settled = () => webhooksSettled(env);

/** The contact writes through the emulator; resolves once Pagecast stored it. */
async function contactWrites(psid: string, text: string): Promise<void> {
  const { mid } = await emu<{ mid: string }>(
    env.emulator,
    `/_emulator/pages/${page.id}/contacts/${psid}/messages`,
    { text },
  );
  await waitFor(async () => {
    const { rows } = await env.database.db.execute(sql`select 1 from messages where mid = ${mid}`);
    return rows.length > 0;
  });
  await settled();
}

/** A page message's echo as Meta posts it (signed), `app` its sender app (none: left out). */
async function echo(psid: string, mid: string, app?: number): Promise<void> {
  await postSignedWebhook(env, [
    {
      id: page.id,
      time: Date.now(),
      messaging: [
        {
          sender: { id: page.id },
          recipient: { id: psid },
          timestamp: Date.now(),
          message: { mid, text: 'From the page', is_echo: true, ...(app ? { app_id: app } : {}) },
        },
      ],
    },
  ]);
  await waitFor(async () => {
    const { rows } = await env.database.db.execute(sql`select 1 from messages where mid = ${mid}`);
    return rows.length > 0;
  });
  await settled();
}

type Query = Partial<Pick<RecipientMatch, 'filter' | 'assignee'>>;
async function list(admin: TestAdmin, query: Query = {}): Promise<Recipient[]> {
  const res = await admin.client.inbox.getRecipients({
    params: { pageId: page.id },
    query: { limit: 100, ...query },
  });
  return bodyOf(res, 200).recipients;
}
const ids = async (query: Query, admin = owner) => (await list(admin, query)).map((r) => r.id);
const row = async (psid: string) => (await list(owner)).find((r) => r.id === psid);

const setStatus = (
  psid: string,
  body: Parameters<TestAdmin['client']['inbox']['setStatus']>[0]['body'],
  admin = owner,
) => admin.client.inbox.setStatus({ params: { pageId: page.id, userId: psid }, body });

describe('Needs reply: only a person clears it', () => {
  it('a campaign sent through Pagecast leaves the contact waiting; a Business Suite answer clears it', async () => {
    const psid = psidAt(0);
    await contactWrites(psid, 'Is there parking nearby?');
    expect(await ids({ filter: 'needs_reply' })).toContain(psid);

    // What a campaign does: a Send API call with the app's page token; Meta echoes it with our app_id.
    const sent = await env.graph.sendMessage({
      pageId: page.id,
      pageToken: page.access_token,
      psid,
      text: 'Our spring sale starts today',
      messagingType: 'RESPONSE',
    });
    await waitFor(async () => {
      const { rows } = await env.database.db.execute(
        sql`select 1 from messages where mid = ${sent.messageId}`,
      );
      return rows.length > 0;
    });
    await settled();
    expect(await row(psid)).toMatchObject({
      needsReply: true,
      lastMessagePreview: 'Our spring sale starts today',
    });

    // Answered by a person in Meta's Page Inbox (its own app id): cleared.
    await echo(psid, 'm_business_suite_answer', PAGE_INBOX_APP_ID);
    expect(await row(psid)).toMatchObject({ needsReply: false });
    expect(await ids({ filter: 'needs_reply' })).not.toContain(psid);
  });

  it('campaign, marketing and opt-in mids never clear it, even when the echo carries no app id', async () => {
    const psid = psidAt(1);
    await contactWrites(psid, 'Do you deliver on Sundays?');
    const { rows } = await env.database.db.execute<{ id: string }>(
      sql`select id from contacts where page_id = ${page.uuid} and psid = ${psid}`,
    );
    const contactId = rows[0]?.id as string;
    const [campaign] = (
      await env.database.db.execute<{ id: string }>(sql`
        insert into campaigns (page_id, name, message, type, scheduled_time, status)
        values (${page.uuid}, 'Spring', 'Spring', 'MARKETING', now(), 'cancelled') returning id`)
    ).rows;
    // A broadcast and a marketing message (both campaign rows), and an opt-in request.
    await env.database.db.execute(sql`
      insert into campaign_recipients (campaign_id, contact_id, psid, state, message_id, messaging_type)
      values (${campaign?.id}::uuid, ${contactId}::uuid, ${psid}, 'sent', 'm_campaign_echo', 'MESSAGE_TAG')`);
    await env.database.db.execute(sql`
      insert into optin_requests (page_id, contact_id, title, mid)
      values (${page.uuid}, ${contactId}::uuid, 'Weekly offers', 'm_optin_echo')`);
    await echo(psid, 'm_campaign_echo');
    await echo(psid, 'm_optin_echo');
    expect(await row(psid)).toMatchObject({ needsReply: true });
    expect(await ids({ filter: 'needs_reply' })).toContain(psid);
  });

  it("a reply from Pagecast's composer clears it", async () => {
    const psid = psidAt(2);
    await contactWrites(psid, 'What time do you open?');
    expect(await ids({ filter: 'needs_reply' })).toContain(psid);
    const res = await owner.client.inbox.sendMessage({
      params: { pageId: page.id, userId: psid },
      body: { message: 'At nine.' },
    });
    bodyOf(res, 201);
    await settled();
    expect(await row(psid)).toMatchObject({ needsReply: false, status: 'open' });
    expect(await ids({ filter: 'needs_reply' })).not.toContain(psid);
  });
});

describe('statuses', () => {
  it('resolve takes a conversation out of Needs reply; the contact writing again reopens it', async () => {
    const psid = psidAt(3);
    await contactWrites(psid, 'Thanks!');
    const resolved = bodyOf(await setStatus(psid, { status: 'resolved' }), 200).recipient;
    expect(resolved).toMatchObject({ id: psid, status: 'resolved', needsReply: false });
    expect(await ids({ filter: 'needs_reply' })).not.toContain(psid);
    expect(await ids({ filter: 'resolved' })).toContain(psid);

    await contactWrites(psid, 'One more question');
    expect(await row(psid)).toMatchObject({ status: 'open', needsReply: true });
    expect(await ids({ filter: 'resolved' })).not.toContain(psid);

    // Reopen by hand too.
    bodyOf(await setStatus(psid, { status: 'resolved' }), 200);
    expect(bodyOf(await setStatus(psid, { status: 'open' }), 200).recipient.status).toBe('open');
  });

  it('snooze until a time hides it until then, and a past time is refused', async () => {
    const psid = psidAt(4);
    await contactWrites(psid, 'Call me tomorrow');
    const until = new Date(Date.now() + 2 * HOUR).toISOString();
    const snoozed = bodyOf(await setStatus(psid, { status: 'snoozed', until }), 200).recipient;
    expect(snoozed).toMatchObject({ status: 'snoozed', snoozedUntil: until, needsReply: false });
    expect(await ids({ filter: 'snoozed' })).toContain(psid);
    expect(await ids({ filter: 'needs_reply' })).not.toContain(psid);
    // A new message does not cut a timed snooze short.
    await contactWrites(psid, 'Still there?');
    expect((await row(psid))?.status).toBe('snoozed');

    // The time passes (moved in the row, not waited for): open again, waiting for a reply.
    await env.database.db.execute(
      sql`update contacts set snoozed_until = now() - interval '1 minute' where psid = ${psid}`,
    );
    expect(await row(psid)).toMatchObject({ status: 'open', needsReply: true });
    expect(await ids({ filter: 'snoozed' })).not.toContain(psid);
    expect(await ids({ filter: 'needs_reply' })).toContain(psid);

    const past = await setStatus(psid, {
      status: 'snoozed',
      until: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(bodyOf(past, 400)).toMatchObject({
      fieldErrors: { until: ['Choose a time in the future'] },
    });
    expect((await row(psid))?.status).toBe('open');
  });

  it('snooze until they write: their next message brings it back', async () => {
    const psid = psidAt(5);
    await contactWrites(psid, 'I will check and come back');
    const snoozed = bodyOf(await setStatus(psid, { status: 'snoozed', until: null }), 200);
    expect(snoozed.recipient).toMatchObject({ status: 'snoozed', snoozedUntil: null });
    expect(await ids({ filter: 'snoozed' })).toContain(psid);
    await contactWrites(psid, 'Checked: the blue one please');
    expect(await row(psid)).toMatchObject({ status: 'open', needsReply: true });
  });

  it('"resolve when a person replies" (off by default) resolves on a reply, not on a campaign', async () => {
    const settings = () => owner.client.inbox.getSettings({ params: { pageId: page.id } });
    expect(bodyOf(await settings(), 200)).toEqual({ resolveOnReply: false });
    const on = await owner.client.inbox.updateSettings({
      params: { pageId: page.id },
      body: { resolveOnReply: true },
    });
    expect(bodyOf(on, 200)).toEqual({ resolveOnReply: true });
    // Another page's admin neither reads nor changes it.
    expect((await stranger.client.inbox.getSettings({ params: { pageId: page.id } })).status).toBe(
      404,
    );
    try {
      const psid = psidAt(6);
      await contactWrites(psid, 'Can I return it?');
      await env.graph.sendMessage({
        pageId: page.id,
        pageToken: page.access_token,
        psid,
        text: 'Newsletter',
        messagingType: 'RESPONSE',
      });
      await waitFor(async () => (await row(psid))?.lastMessagePreview === 'Newsletter');
      expect((await row(psid))?.status).toBe('open');
      bodyOf(
        await owner.client.inbox.sendMessage({
          params: { pageId: page.id, userId: psid },
          body: { message: 'Yes, within 30 days.' },
        }),
        201,
      );
      expect(await row(psid)).toMatchObject({ status: 'resolved', needsReply: false });
    } finally {
      await owner.client.inbox.updateSettings({
        params: { pageId: page.id },
        body: { resolveOnReply: false },
      });
    }
  });

  it("another page's admin can neither resolve nor see the conversation (404)", async () => {
    const psid = psidAt(3);
    const res = await setStatus(psid, { status: 'resolved' }, stranger);
    expect(res.status).toBe(404);
    const unknown = await setStatus('9999999999', { status: 'resolved' });
    expect(unknown.status).toBe(404);
  });
});

describe('assignment', () => {
  it("assigns to the page's messaging admins only; Mine and Unassigned follow", async () => {
    const psid = psidAt(7);
    await contactWrites(psid, 'Who handles refunds?');
    const admins = bodyOf(
      await owner.client.inbox.listAssignees({ params: { pageId: page.id } }),
      200,
    ).admins;
    expect(admins.map((a) => a.name)).toEqual(['Colleague Admin', 'Owner Admin']);
    // Another page's admin never sees who works this page.
    expect(
      (await stranger.client.inbox.listAssignees({ params: { pageId: page.id } })).status,
    ).toBe(404);

    const assign = (userId: string | null, by = owner) =>
      by.client.inbox.assign({ params: { pageId: page.id, userId: psid }, body: { userId } });
    const done = bodyOf(await assign(colleague.fbUserId), 200).recipient;
    expect(done.assignee).toEqual({ userId: colleague.fbUserId, name: 'Colleague Admin' });
    expect(await ids({ assignee: 'mine' }, colleague)).toEqual([psid]);
    expect(await ids({ assignee: 'mine' })).not.toContain(psid);
    expect(await ids({ assignee: 'unassigned' })).not.toContain(psid);
    const counts = bodyOf(
      await colleague.client.inbox.queueCounts({ params: { pageId: page.id } }),
      200,
    );
    expect(counts.mine).toBe(1);
    const overview = await colleague.client.pages.getOverview({ params: { pageId: page.id } });
    expect(bodyOf(overview, 200).inbox.assignedToYou).toBe(1);

    // Not a messaging admin of this page (insights only; another page's admin): refused, nothing changes.
    for (const who of [analyst, stranger]) {
      const refused = await assign(who.fbUserId);
      expect(bodyOf(refused, 422).message).toBe(
        'That person is not an admin of this page with messaging access, so the conversation cannot be assigned to them.',
      );
    }
    expect((await row(psid))?.assignee?.userId).toBe(colleague.fbUserId);
    // Another page's admin cannot assign here at all.
    expect((await assign(stranger.fbUserId, stranger)).status).toBe(404);

    expect(bodyOf(await assign(null), 200).recipient.assignee).toBeNull();
    expect(await ids({ assignee: 'unassigned' })).toContain(psid);
  });
});

describe('unreachable', () => {
  it('resolves in bulk the open conversations whose windows closed, and no other', async () => {
    const psid = psidAt(8);
    await contactWrites(psid, 'Hello from last month');
    await env.database.db.execute(sql`update contacts
      set last_inbound_at = now() - interval '30 days', last_contact_message_at = now() - interval '30 days'
      where page_id = ${page.uuid} and psid = ${psid}`);
    const before = await ids({ filter: 'unreachable' });
    expect(before).toContain(psid);
    expect(before).not.toContain(psidAt(2));
    const res = await owner.client.inbox.resolveUnreachable({ params: { pageId: page.id } });
    expect(bodyOf(res, 200).resolved).toBe(before.length);
    expect((await row(psid))?.status).toBe('resolved');
    expect((await row(psidAt(2)))?.status).toBe('open');
    expect(await ids({ filter: 'unreachable' })).toEqual([]);
  });
});

describe('live', () => {
  it("status and assignment changes reach every open inbox of the page's admins", async () => {
    const psid = psidAt(9);
    await contactWrites(psid, 'Anyone?');
    const res = await fetch(`${baseUrl}/api/v1/chats/${page.id}/events`, {
      headers: colleague.headers,
    });
    expect(res.status).toBe(200);
    const sse = sseReader(res.body as ReadableStream<Uint8Array>);
    try {
      expect(await sse.next()).toContain(': connected');
      const next = async () => {
        for (;;) {
          const e = await sse.nextEvent();
          if (e.type === 'contact' && e.recipient.id === psid) return e.recipient;
        }
      };
      bodyOf(await setStatus(psid, { status: 'resolved' }), 200);
      expect(await next()).toMatchObject({ status: 'resolved' });
      bodyOf(
        await owner.client.inbox.assign({
          params: { pageId: page.id, userId: psid },
          body: { userId: colleague.fbUserId },
        }),
        200,
      );
      expect((await next()).assignee).toEqual({
        userId: colleague.fbUserId,
        name: 'Colleague Admin',
      });
    } finally {
      await sse.cancel();
    }
  });
});
