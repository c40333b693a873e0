// The Marketing Message API for Messenger (2026) as Meta documents it: ad accounts, a page's subscription
// tokens (`GET /{page-id}/notification_message_tokens`), the opt-in request in a chat and its
// `messaging_optins` webhook, message campaigns (`POST act_<id>/message_campaign`) and one-subscriber sends
// (`POST act_<id>/messages`) with Meta's rules: a warm-up after the campaign is created, 12 hours between two
// messages to one subscriber, opted-out subscribers refused, and the `marketing_message_*` webhooks in the
// Graph `changes` form. Meta does not document whether its 23000xx answers sit in `code` or `error_subcode`:
// here they are the `code` (with `error_subcode` equal to it), and a product should match both.
// Its rules (warm-up, cooldown, opt-outs) cross its endpoints; the subscription tokens and the opt-in are
// apart (subscriptions.ts), as is the state it keeps in the world (state.ts).
import { randomUUID } from 'node:crypto';
import type { Auth } from '../graph/auth.js';
import { requireEndpoint } from '../graph/permissions.js';
import { type GraphContext } from '../graph/context.js';
import { objectParam, param, type GraphRequest } from '../graph/request.js';
import { errors, GraphApiError } from '../graph/errors.js';
import { takeGraphError } from '../send/faults.js';
import type { Contact, Page } from '../world/types.js';
import type { World } from '../world/world.js';

import type { AdAccount, MessageCampaign } from './state.js';

export { listTokens, sendOptinRequest, setOptin, unsubscribeRows } from './subscriptions.js';

const DAY = 86_400_000;

/** A 23000xx answer of the Marketing Message API. */
function mmError(code: number, message: string, remainingMs?: number): GraphApiError {
  return new GraphApiError(
    code,
    message,
    code,
    {},
    remainingMs !== undefined
      ? { error_data: { remaining_seconds: Math.ceil(remainingMs / 1000) } }
      : {},
  );
}

/** The user (or business system user) behind the token. */
function userOf(auth: Auth): string | null {
  return auth.kind === 'USER' || auth.kind === 'PAGE' ? auth.record.userId : null;
}

function accountFor(world: World, req: GraphRequest, auth: Auth, id: string): AdAccount {
  const account = world.marketing.adAccounts.get(id);
  const user = userOf(auth);
  if (!account || !user || !account.userIds.includes(user))
    throw errors.unknownObject(req.method, id);
  return account;
}

/** The ad accounts a user may use (`GET /me/adaccounts`), as Meta renders them. */
export function adAccountsOf(world: World, userId: string) {
  return [...world.marketing.adAccounts.values()]
    .filter((a) => a.userIds.includes(userId))
    .map((a) => renderAccount(a));
}

function renderAccount(account: AdAccount) {
  return {
    id: account.id,
    account_id: account.id.slice(4),
    name: account.name,
    currency: account.currency,
    account_status: 1,
  };
}

/** What Meta charges per delivered marketing message here (account currency units). */
const PRICE_PER_DELIVERED = 0.02;

/** `/{message-campaign-id}`: read it, delete it, and its insights (metric values are strings, as Meta's). */
export function messageCampaignRoutes(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  campaign: MessageCampaign,
  rest: string[],
): unknown {
  const { world } = ctx;
  requireEndpoint(auth, 'marketing');
  const account = world.marketing.adAccounts.get(campaign.adAccountId);
  const user = userOf(auth);
  if (!account || !user || !account.userIds.includes(user))
    throw errors.unknownObject(req.method, campaign.id);
  const [edge] = rest;
  if (edge === undefined && req.method === 'GET')
    return {
      id: campaign.id,
      name: campaign.name,
      page_id: campaign.pageId,
      status: campaign.deleted ? 'DELETED' : 'ACTIVE',
      created_time: new Date(campaign.createdAt).toISOString(),
    };
  if (edge === undefined && req.method === 'DELETE') {
    campaign.deleted = true;
    world.touch();
    return { success: true };
  }
  if (edge === 'insights' && rest.length === 1 && req.method === 'GET') {
    const sends = [...world.marketing.sends.values()].filter((x) => x.campaignId === campaign.id);
    if (sends.length === 0) return { data: [] };
    const reads = sends.filter((x) => x.read).length;
    const clicks = sends.filter((x) => x.clicked).length;
    const spend = sends.length * PRICE_PER_DELIVERED;
    return {
      data: [
        {
          campaign_id: campaign.id,
          marketing_messages_delivered: String(sends.length),
          marketing_messages_read_rate: String(Math.round((reads / sends.length) * 1e4) / 100),
          marketing_messages_link_btn_click: String(clicks),
          marketing_messages_spend: spend.toFixed(2),
          marketing_messages_cost_per_delivered: PRICE_PER_DELIVERED.toFixed(2),
        },
      ],
    };
  }
  if (edge !== undefined) throw errors.nonexistingField(edge, 'MessageCampaign');
  throw errors.unknownObject(req.method, campaign.id);
}

/** `/act_<id>` and its edges. */
export function adAccountRoutes(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  id: string,
  rest: string[],
): unknown {
  const { world } = ctx;
  const [edge, ...more] = rest;
  requireEndpoint(auth, edge === undefined ? 'adAccount' : 'marketing');
  const account = accountFor(world, req, auth, id);
  if (edge === undefined && req.method === 'GET') return renderAccount(account);
  if (edge === 'message_campaign' && more.length === 0 && req.method === 'POST')
    return createCampaign(world, req, auth, account);
  if (edge === 'messages' && more.length === 0 && req.method === 'POST')
    return sendMarketing(world, req, auth, account);
  if (edge !== undefined) throw errors.nonexistingField(edge, 'AdAccount');
  throw errors.unknownObject(req.method, id);
}

function createCampaign(world: World, req: GraphRequest, auth: Auth, account: AdAccount) {
  const name = param(req, 'name');
  if (!name) throw errors.param('The parameter name is required');
  const pageId = param(req, 'page_id');
  const page = pageId ? world.pages.get(pageId) : undefined;
  if (!page) throw errors.param('The parameter page_id is required and must be a Page');
  const user = userOf(auth);
  if (!user || !page.roles.has(user)) throw mmError(2300039, 'No permission for this Page.');
  for (const budget of ['daily_budget', 'lifetime_budget']) {
    const v = param(req, budget);
    if (v !== undefined && !(Number(v) > 0)) throw errors.param(`${budget} must be greater than 0`);
  }
  const id = String(9_000_000_000_000 + world.marketing.campaigns.size + 1);
  world.marketing.campaigns.set(id, {
    id,
    adAccountId: account.id,
    pageId: page.id,
    name,
    createdAt: world.now(),
    deleted: false,
  });
  world.touch();
  return { id };
}

/** `{{first_name}}`, `{{last_name}}` and `{{full_name}}`; any other placeholder is Meta's 2300038. */
function personalize(text: string, contact: Contact): string {
  const values: Record<string, string> = {
    first_name: contact.firstName,
    last_name: contact.lastName,
    full_name: `${contact.firstName} ${contact.lastName}`,
  };
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw mmError(2300038, `Unresolved placeholder {{${name}}}.`);
    return v;
  });
}

function sendMarketing(world: World, req: GraphRequest, auth: Auth, account: AdAccount) {
  const now = world.now();
  const campaign = world.marketing.campaigns.get(param(req, 'message_id') ?? '');
  if (!campaign || campaign.deleted || campaign.adAccountId !== account.id)
    throw mmError(2300001, 'Invalid message ID.');
  const page = world.pages.get(campaign.pageId) as Page;
  const warm = campaign.createdAt + world.behaviour.marketingWarmupMs - now;
  if (warm > 0) throw mmError(2300003, 'The message is not active yet.', warm);
  const delivery = objectParam(req, 'messenger_delivery_data');
  const token = typeof delivery?.subscription_token === 'string' ? delivery.subscription_token : '';
  const sub = token ? world.marketing.byToken(page.id, token) : undefined;
  if (!sub) throw mmError(2300004, 'Invalid subscription token.');
  const armed = takeGraphError(world, page.id, sub.psid, 'marketing');
  if (armed) throw armed;
  if (sub.stopped) throw mmError(2300034, 'This person stopped marketing messages.');
  const cooldown = sub.lastSentAt + world.behaviour.marketingCooldownMs - now;
  if (sub.lastSentAt > 0 && cooldown > 0)
    throw mmError(2300035, 'Minimum delay between two marketing messages not reached.', cooldown);
  const message = objectParam(req, 'message');
  if (!message || typeof message.text !== 'string' || !message.text)
    throw errors.param('param message[text] must be non-empty');
  if (message.text.length > 640) throw errors.param('message[text] is longer than 640 characters');
  const contact = page.contacts.get(sub.psid);
  if (!contact) throw mmError(2300004, 'Invalid subscription token.');
  checkFrequencyCaps(world, page, contact, now);
  const text = personalize(message.text, contact);

  sub.lastSentAt = now;
  const trackingId = randomUUID();
  const mid = world.recordSend(page, contact, text, 'MARKETING', null, now, undefined, {
    silent: true,
  });
  const base = {
    recipient_id: Number(contact.psid),
    page_id: Number(page.id),
    timestamp: now,
    marketing_message_tracking_id: trackingId,
    messenger_subscription_token: sub.token,
    message_id: campaign.id,
  };
  world.marketing.sends.set(trackingId, {
    pageId: page.id,
    campaignId: campaign.id,
    base: { ...base, mid },
    read: false,
    clicked: false,
  });
  emitChange(world, page, 'marketing_message_echoes', {
    ...base,
    app_id: Number(world.app.id),
    mid,
  });
  emitChange(world, page, 'marketing_message_deliveries', {
    ...base,
    app_id: Number(world.app.id),
    mid,
  });
  return { success: true, marketing_message_tracking_id: trackingId };
}

/** The subscriber read or clicked a marketing message (control API): its webhook, as Meta shapes it. */
export function marketingActivity(
  world: World,
  trackingId: string,
  what: 'read' | 'click',
): boolean {
  const send = world.marketing.sends.get(trackingId);
  const page = send ? world.pages.get(send.pageId) : undefined;
  if (!send || !page) return false;
  const { mid, ...rest } = send.base;
  const at = { timestamp: world.now() };
  if (what === 'read') send.read = true;
  else send.clicked = send.read = true;
  if (what === 'read') emitChange(world, page, 'marketing_message_reads', { ...rest, ...at });
  else emitChange(world, page, 'marketing_message_clicks', { ...rest, mid, ...at });
  return true;
}

/** Meta's F-caps (since 2026-04-10): a send is blocked when marketing / all threads is over these shares. */
const WEEKLY_SHARE = 0.2;
const DAILY_SHARE = 0.4;

/**
 * The emulator's model of Meta's frequency caps, per subscriber and page (Meta counts the whole inbox; the
 * emulator sees only this page): marketing threads M(d) are this page's marketing messages to them in the last
 * d days plus the new one; organic threads O(d) are `marketingOrganicThreadsPerDay` x d, plus one when they wrote
 * in that time. Blocked when M/(M+O) is over 20% over 7 days (2300042) or 40% over 1 day (2300043); and after
 * a marketing message, an active contact (wrote within 7 days) must write again before the next (2300044).
 */
function checkFrequencyCaps(world: World, page: Page, contact: Contact, now: number): void {
  const sent = marketingTimes(page, contact.psid);
  const share = (days: number) => {
    const since = now - days * DAY;
    const marketing = sent.filter((time) => time > since).length + 1;
    const organic =
      world.behaviour.marketingOrganicThreadsPerDay * days +
      (contact.lastInboundAt > since ? 1 : 0);
    return marketing / (marketing + organic);
  };
  if (share(7) > WEEKLY_SHARE) throw mmError(2300042, 'WEEKLY_MM_LOAD_CAP_REACHED');
  if (share(1) > DAILY_SHARE) throw mmError(2300043, 'DAILY_MM_LOAD_CAP_REACHED');
  const last = sent.at(-1);
  const active = contact.lastInboundAt > now - 7 * DAY;
  if (last !== undefined && active && contact.lastInboundAt < last)
    throw mmError(2300044, 'MIN_ORGANIC_THREAD_NOT_REACHED');
}

/**
 * Each recipient's marketing send times on a page, oldest first, read from the outbox as it grows. The caps
 * are checked on every marketing send: filtering the whole outbox there made a 100,000-recipient campaign
 * quadratic (the emulator, not the product, was the bottleneck of the mixed-campaign benchmark).
 */
const marketingIndex = new WeakMap<Page, { scanned: number; times: Map<string, number[]> }>();
function marketingTimes(page: Page, psid: string): readonly number[] {
  let index = marketingIndex.get(page);
  if (!index || index.scanned > page.outbox.length) {
    index = { scanned: 0, times: new Map() };
    marketingIndex.set(page, index);
  }
  for (; index.scanned < page.outbox.length; index.scanned++) {
    const e = page.outbox[index.scanned] as (typeof page.outbox)[number];
    if (e.messaging_type !== 'MARKETING') continue;
    const list = index.times.get(e.recipient);
    if (list) list.push(e.time);
    else index.times.set(e.recipient, [e.time]);
  }
  return index.times.get(psid) ?? [];
}

function emitChange(
  world: World,
  page: Page,
  field:
    | 'marketing_message_echoes'
    | 'marketing_message_deliveries'
    | 'marketing_message_reads'
    | 'marketing_message_clicks',
  value: Record<string, unknown>,
): void {
  world.onEvent({ pageId: page.id, field, change: true, event: { field, ...value } });
}

/** Demo data: an ad account for the page's owner and ~30% of its contacts subscribed. */
export function seedMarketing(world: World, page: Page, ownerId: string, share: number): void {
  const id = `act_${page.id.slice(-10)}`;
  world.marketing.adAccounts.set(id, {
    id,
    name: `${page.name} Ads`,
    currency: 'USD',
    userIds: [ownerId],
  });
  const subs = world.marketing.subscriptionsOf(page.id);
  page.contactList.forEach((c, i) => {
    if ((i * 7919) % 100 >= share * 100) return;
    subs.set(c.psid, {
      token: `${page.id.slice(-4)}${c.psid.slice(-6)}demo${String(i).padStart(6, '0')}`,
      psid: c.psid,
      title: 'Updates and promotions',
      createdAt: world.now() - 30 * DAY,
      stopped: false,
      lastSentAt: 0,
    });
  });
}
