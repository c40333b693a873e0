// The Marketing Message API's subscriptions: a page's subscription tokens, the opt-in request in a chat and
// the contact's answer (its `messaging_optins` webhook), and the page unsubscribing people.
import { randomUUID } from 'node:crypto';
import { requirePageToken, type Auth } from '../graph/auth.js';
import { requireEndpoint } from '../graph/permissions.js';
import { param, type GraphRequest } from '../graph/request.js';
import { errors, GraphApiError } from '../graph/errors.js';
import type { Contact, Page } from '../world/types.js';
import type { World } from '../world/world.js';
import type { Subscription } from './state.js';

const WEEK = 7 * 86_400_000;
const DAY = 86_400_000;

/** `GET /{page-id}/notification_message_tokens`: active tokens, cursor-paged (limit ≤ 1000). */
export function listTokens(world: World, req: GraphRequest, auth: Auth, page: Page) {
  requirePageToken(auth, page, 'GET');
  requireEndpoint(auth, 'subscriptionTokens');
  const limit = Math.min(1000, Math.max(1, Number(param(req, 'limit') ?? 100) || 100));
  const all = [...world.marketing.subscriptionsOf(page.id).values()].filter((s) => !s.stopped);
  const start = Math.max(
    0,
    Number(Buffer.from(param(req, 'after') ?? '', 'base64url').toString()) || 0,
  );
  const items = all.slice(start, start + limit);
  const next = start + items.length;
  const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
  return {
    data: items.map((s) => ({
      notification_messages_token: s.token,
      recipient_id: s.psid,
      creation_timestamp: Math.floor(s.createdAt / 1000),
      token_expiry_timestamp: 0,
      user_token_status: 'NOT_REFRESHED',
      topic_title: s.title,
      notification_messages_timezone: 'UTC',
      notification_messages_reoptin: 'ENABLED',
      next_eligible_time: Math.floor(
        (s.lastSentAt ? s.lastSentAt + world.behaviour.marketingCooldownMs : s.createdAt) / 1000,
      ),
    })),
    paging: {
      cursors: { before: cursor(start), after: cursor(next) },
      ...(next < all.length
        ? { next: `${page.id}/notification_message_tokens?limit=${limit}&after=${cursor(next)}` }
        : {}),
    },
  };
}

/**
 * The opt-in request (`notification_messages` template) through the Send API: only inside the window, one
 * per title and person a week (613/1893016). It shows in the chat like any page message.
 */
export function sendOptinRequest(
  world: World,
  page: Page,
  contact: Contact,
  payload: Record<string, unknown>,
): string {
  const now = world.now();
  const title = typeof payload.title === 'string' ? payload.title : 'Updates and promotions';
  if (title.length > 65) throw errors.param('title must be at most 65 characters');
  if (contact.lastInboundAt === 0 || now - contact.lastInboundAt > DAY)
    throw errors.outsideWindow();
  const key = `${page.id}:${contact.psid}:${title}`;
  const last = world.marketing.optinRequests.get(key);
  if (last !== undefined && now - last < WEEK)
    throw new GraphApiError(613, 'Duplicate opt-in request on the same topic.', 1893016);
  world.marketing.optinRequests.set(key, now);
  // Its echo is the template as sent, with no text (MP/send-messages/templates: a template message's echo
  // carries `attachments[{type: 'template', payload}]`).
  return world.recordSend(
    page,
    contact,
    `[Opt-in request] ${title}`,
    'RESPONSE',
    null,
    now,
    undefined,
    { echo: { attachments: [{ type: 'template', payload }] } },
  );
}

/**
 * The contact answers the opt-in request (or stops / resumes): the token, and the `messaging_optins`
 * webhook. Meta sends no webhook when a subscriber opts out from a marketing message's own link
 * (`notify: false`).
 */
export function setOptin(
  world: World,
  page: Page,
  contact: Contact,
  action: 'subscribe' | 'stop' | 'resume',
  title: string,
  notify = true,
): Subscription {
  const now = world.now();
  const subs = world.marketing.subscriptionsOf(page.id);
  let sub = subs.get(contact.psid);
  if (!sub) {
    sub = {
      token: `${page.id.slice(-4)}${contact.psid.slice(-6)}${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      psid: contact.psid,
      title,
      createdAt: now,
      stopped: false,
      lastSentAt: 0,
    };
    subs.set(contact.psid, sub);
  }
  sub.stopped = action === 'stop';
  if (action === 'subscribe') sub.title = title;
  world.touch();
  if (notify) {
    world.onEvent({
      pageId: page.id,
      field: 'messaging_optins',
      event: {
        sender: { id: contact.psid },
        recipient: { id: page.id },
        timestamp: now,
        optin: {
          type: 'notification_messages',
          payload: 'pagecast_optin',
          notification_messages_token: sub.token,
          notification_messages_timezone: 'UTC',
          token_expiry_timestamp: 0,
          user_token_status: 'NOT_REFRESHED',
          title: sub.title,
          ...(action === 'stop'
            ? { notification_messages_status: 'STOP NOTIFICATIONS' }
            : action === 'resume'
              ? { notification_messages_status: 'RESUME NOTIFICATIONS' }
              : {}),
        },
      },
    });
  }
  return sub;
}

/** `POST /{page-id}/messaging_customer_base/unsubscribe` with `{data:[{psid}|{subscriber_token}]}`. */
export function unsubscribeRows(world: World, req: GraphRequest, auth: Auth, page: Page) {
  requirePageToken(auth, page, 'POST');
  requireEndpoint(auth, 'unsubscribe');
  const raw = req.params['data'];
  const rows: unknown[] = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? (() => {
          try {
            const v = JSON.parse(raw) as unknown;
            return Array.isArray(v) ? (v as unknown[]) : [];
          } catch {
            return [];
          }
        })()
      : [];
  if (rows.length === 0) throw errors.param('The parameter data is required');
  let invalid = 0;
  for (const row of rows) {
    const r = (row ?? {}) as { psid?: unknown; subscriber_token?: unknown };
    const sub =
      typeof r.psid === 'string' || typeof r.psid === 'number'
        ? world.marketing.subscriptionsOf(page.id).get(String(r.psid))
        : typeof r.subscriber_token === 'string'
          ? world.marketing.byToken(page.id, r.subscriber_token)
          : undefined;
    if (!sub) invalid++;
    else sub.stopped = true;
  }
  world.touch();
  return { invalid_rows_count: invalid };
}
