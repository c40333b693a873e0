// The Graph API's routing table: every path the emulator answers, node by node and edge by edge, so one
// read shows what the emulated Facebook offers. Each edge's logic lives in its own module (send/,
// templates/, oauth, batch, nodes, the app node in app.ts) and only the dispatch is here.
import { freshUrl } from '../media/media.js';
import { maybeFail, pagesRateLimited } from '../send/faults.js';
import { highVolumeListingError } from '../send/high-volume.js';
import { sendMessage, uploadAttachment } from '../send/send.js';
import {
  adAccountRoutes,
  adAccountsOf,
  listTokens,
  messageCampaignRoutes,
  unsubscribeRows,
} from '../marketing/marketing.js';
import { templatesEdge } from '../templates/templates.js';
import { checkSubscribedFields } from '../webhooks/fields.js';
import { parseMid } from '../world/history.js';
import type { Contact, Page, User } from '../world/types.js';
import { authenticate, requirePageToken, tokenOf, type Auth } from './auth.js';
import { requireEndpoint } from './permissions.js';
import { runBatch } from './batch.js';
import { type GraphContext } from './context.js';
import { param, parseFieldList, type GraphRequest, type GraphResult } from './request.js';
import { appRoutes } from './app.js';
import { errors, GraphApiError, RawHttpError } from './errors.js';
import { limitOf } from './fields.js';
import { checkRequest, fieldNames, resolveTarget } from '../spec/validate.js';
import { debugToken, accessToken } from './oauth.js';
import { pagedResponse, parseLimit, stringQuery, windowOf } from './paging.js';
import {
  conversationId,
  fieldsOf,
  renderConversation,
  renderMessage,
  renderMessagesEdge,
  renderPage,
  renderProfile,
  renderUser,
} from './nodes.js';

/** Runs one Graph API call and turns errors into Facebook's error envelope. */
export async function handleGraph(ctx: GraphContext, req: GraphRequest): Promise<GraphResult> {
  try {
    checkSpec(ctx, req);
    const body = await route(ctx, req);
    return { status: 200, headers: {}, body };
  } catch (e) {
    if (e instanceof GraphApiError) return { status: e.status, headers: e.headers, body: e.body() };
    if (e instanceof RawHttpError)
      return {
        status: e.status,
        headers: { 'content-type': 'text/html' },
        body: `<html><body>${e.status} Internal Server Error</body></html>`,
      };
    throw e;
  }
}

async function route(ctx: GraphContext, req: GraphRequest): Promise<unknown> {
  const { world } = ctx;
  const seg = req.path.split('/').filter(Boolean);
  const [first, ...rest] = seg;
  if (first === undefined) {
    if (req.method === 'POST' && req.params['batch'] !== undefined) {
      if (req.specRefusal) throw req.specRefusal;
      return runBatch(ctx, req, handleGraph);
    }
    authenticate(world, req);
    throw errors.param('Unsupported request: an object id is required');
  }
  if (first === 'oauth' || first === 'debug_token') {
    if (req.specRefusal) throw req.specRefusal;
    if (first === 'oauth' && rest[0] === 'access_token' && rest.length === 1)
      return accessToken(world, req);
    if (first === 'debug_token' && rest.length === 0) return debugToken(world, req);
  }

  const auth = authenticate(world, req);
  // Meta checks the token before the parameters.
  if (req.specRefusal) throw req.specRefusal;
  if (first === 'me') {
    if (auth.kind === 'USER') return userRoutes(ctx, req, auth, auth.user, rest);
    if (auth.kind === 'PAGE') return pageRoutes(ctx, req, auth, auth.page, rest);
    throw new GraphApiError(
      2500,
      'An active access token must be used to query information about the current user.',
    );
  }
  if (first === world.app.id) return appRoutes(ctx, req, auth, rest);
  if (first.startsWith('act_')) return adAccountRoutes(ctx, req, auth, first, rest);
  const messageCampaign = world.marketing.campaigns.get(first);
  if (messageCampaign) return messageCampaignRoutes(ctx, req, auth, messageCampaign, rest);
  const user = world.users.get(first);
  if (user) return userRoutes(ctx, req, auth, user, rest);
  const page = world.pages.get(first);
  if (page) return pageRoutes(ctx, req, auth, page, rest);
  if (first.startsWith('t_')) {
    const psid = first.slice(2);
    const p = world.psidIndex.get(psid);
    const contact = p?.contacts.get(psid);
    if (p && contact && contact.updatedAt > 0)
      return conversationRoutes(ctx, req, auth, p, contact, rest);
  }
  if (first.startsWith('m_') && rest.length === 0) {
    const loc = parseMid(first);
    const p = loc ? world.pages.get(loc.pageId) : undefined;
    const contact = loc ? p?.contacts.get(loc.psid) : undefined;
    if (loc && p && contact && req.method === 'GET') {
      requirePageToken(auth, p, req.method);
      requireEndpoint(auth, 'conversations');
      conversationsCall(ctx, p, req);
      const msg = world.history(p, contact)[loc.index];
      if (msg && msg.mid === first)
        return renderMessage(p, contact, msg, fieldsOf(req, 'id,created_time'), (url) =>
          freshUrl(url, ctx.baseUrl(), world.now()),
        );
    }
  }
  const psPage = world.psidIndex.get(first);
  const contact = psPage?.contacts.get(first);
  if (psPage && contact && rest.length === 0 && req.method === 'GET') {
    requirePageToken(auth, psPage, req.method);
    requireEndpoint(auth, 'profile');
    return renderProfile(ctx, contact, fieldsOf(req, 'first_name,last_name,profile_pic,id'));
  }
  throw errors.unknownObject(req.method, first);
}

/**
 * Checks the request against Meta's spec and logs its shape. Meta's refusal, if any, is kept on the request and
 * thrown by `route` once the token is checked.
 */
function checkSpec(ctx: GraphContext, req: GraphRequest): void {
  const target = resolveTarget(ctx.world, req);
  const verdict = target
    ? checkRequest(ctx.spec, req.method, target, req.params)
    : { problems: [], refusal: null };
  req.specRefusal = verdict.refusal;
  ctx.requests.record(req, target, verdict.problems, fieldNames(req.params['fields']));
}

/** Conversations API calls count against the per-page limit (2 calls/s by default) and can be faulted. */
function conversationsCall(ctx: GraphContext, page: Page, req: GraphRequest): void {
  const wait = ctx.conversationsLimiter.tryAcquire(
    page.id,
    ctx.world.behaviour.conversationsPerSecond,
    ctx.world.now(),
  );
  if (wait > 0) throw pagesRateLimited(page.id, wait);
  maybeFail(ctx.world, page.id, req);
}

function userRoutes(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  user: User,
  rest: string[],
): unknown {
  const { world } = ctx;
  const own = auth.kind === 'USER' && auth.user.id === user.id;
  if (!own && auth.kind !== 'APP') throw errors.unknownObject(req.method, user.id);
  const scopes = auth.kind === 'USER' ? auth.record.scopes : world.grantedScopes(user);
  const [edge, ...more] = rest;
  if (edge === undefined && req.method === 'GET')
    return renderUser(ctx, user, fieldsOf(req, 'id,name'), scopes);
  if (edge === 'permissions' && more.length === 0 && req.method === 'GET') {
    requireEndpoint(auth, 'permissions');
    return {
      data: Object.entries(user.permissions).map(([permission, status]) => ({
        permission,
        status,
      })),
    };
  }
  if (edge === 'accounts' && more.length === 0 && req.method === 'GET') {
    requireEndpoint(auth, 'accounts');
    if (auth.kind !== 'USER')
      throw errors.param('A user access token is required to request this resource.');
    const list = world.pagesOf(user.id);
    const limit = parseLimit(req.params['limit'], 25);
    const specs = fieldsOf(req, 'access_token,category,category_list,name,id,tasks');
    const win = windowOf(
      list,
      { limit, after: param(req, 'after'), before: param(req, 'before') },
      (key) => list.findIndex((p) => p.id === key) + 1,
      (key) =>
        Math.max(
          0,
          list.findIndex((p) => p.id === key),
        ),
    );
    const paged = pagedResponse(
      win,
      win.items.map((p) => renderPage(ctx, p, specs, auth)),
      (p) => p.id,
      {
        baseUrl: ctx.baseUrl() + req.versionPrefix,
        path: `${user.id}/accounts`,
        query: { ...stringQuery(req, ['access_token', 'fields']), limit: String(limit) },
      },
    );
    return { ...paged, summary: { total_count: list.length } };
  }
  if (edge === 'adaccounts' && more.length === 0 && req.method === 'GET') {
    requireEndpoint(auth, 'adAccounts');
    return { data: adAccountsOf(world, user.id) };
  }
  if (edge === 'ids_for_pages' && more.length === 0 && req.method === 'GET') {
    requireEndpoint(auth, 'idsForPages');
    if (auth.kind !== 'USER')
      throw errors.param('A user access token is required to request this resource.');
    // A PSID exists only once the user wrote to the page (UserIDForPage: {id, page}).
    const only = param(req, 'page');
    const data: Array<{ id: string; page: { id: string; name: string } }> = [];
    for (const p of world.pages.values()) {
      if (only && p.id !== only) continue;
      const contact = p.contactList.find((c) => c.userId === user.id);
      if (contact) data.push({ id: contact.psid, page: { id: p.id, name: p.name } });
    }
    return { data };
  }
  if (edge === 'messages') throw errors.pageTokenRequired();
  if (edge !== undefined) throw errors.nonexistingField(edge, 'User');
  throw errors.unknownObject(req.method, user.id);
}

function pageRoutes(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  page: Page,
  rest: string[],
): unknown {
  const { world } = ctx;
  const [edge, ...more] = rest;
  if (edge === undefined && req.method === 'GET')
    return renderPage(ctx, page, fieldsOf(req, 'name,id'), auth);
  if (
    edge === 'messaging_customer_base' &&
    more.join('/') === 'unsubscribe' &&
    req.method === 'POST'
  )
    return unsubscribeRows(world, req, auth, page);
  if (more.length > 0) throw errors.unknownPath(req.path);
  switch (edge) {
    case 'notification_message_tokens':
      if (req.method !== 'GET') throw errors.unknownObject(req.method, page.id);
      return listTokens(world, req, auth, page);
    case 'messages':
      if (req.method !== 'POST') throw errors.unknownObject(req.method, page.id);
      return sendMessage(ctx, req, auth, page);
    case 'message_attachments':
      if (req.method !== 'POST') throw errors.unknownObject(req.method, page.id);
      return uploadAttachment(ctx, req, auth, page);
    case 'message_templates':
      return templatesEdge(ctx, req, auth, page);
    case 'subscribed_apps': {
      const pa = requirePageToken(auth, page, req.method);
      requireEndpoint(auth, 'subscribedApps');
      if (req.method === 'GET') {
        const fields = page.subscribedApps.get(world.app.id);
        return {
          data: fields
            ? [
                {
                  category: 'Business',
                  link: `https://pagecast.example/`,
                  name: world.app.name,
                  id: world.app.id,
                  subscribed_fields: fields,
                },
              ]
            : [],
        };
      }
      if (req.method === 'DELETE') {
        page.subscribedApps.delete(world.app.id);
        world.touch();
        return { success: true };
      }
      const fields = parseFieldList(req.params['subscribed_fields']);
      if (fields.length === 0) throw errors.param('Param subscribed_fields must be non-empty');
      // One refused field refuses the call: nothing of it is subscribed (webhooks/fields.ts).
      checkSubscribedFields(fields, pa.record.scopes);
      // The list replaces the page's previous one (guess: Meta documents neither replace nor merge).
      page.subscribedApps.set(world.app.id, [...new Set(fields)]);
      world.touch();
      return { success: true };
    }
    case 'conversations': {
      if (req.method !== 'GET') throw errors.unknownObject(req.method, page.id);
      const pa = requirePageToken(auth, page, req.method);
      requireEndpoint(pa, 'conversations');
      const platform = param(req, 'platform') ?? 'messenger';
      if (platform !== 'messenger' && platform !== 'instagram')
        throw errors.param('Param platform must be one of {MESSENGER, INSTAGRAM}');
      conversationsCall(ctx, page, req);
      const userId = param(req, 'user_id');
      // Meta: in high-volume mode "API calls to get all conversations fail" (send/high-volume.ts).
      const highVolumeMs =
        userId === undefined ? world.highVolume.remainingMs(page.id, world.now()) : 0;
      if (highVolumeMs > 0) throw highVolumeListingError(page.id, highVolumeMs);
      const specs = fieldsOf(req, 'id,link,updated_time');
      let list: Contact[];
      if (platform === 'instagram') list = [];
      else if (userId !== undefined) {
        const c = page.contacts.get(userId);
        list = c && c.updatedAt > 0 ? [c] : [];
      } else list = world.conversationOrder(page);
      const limit = parseLimit(req.params['limit'], 25);
      const keyOf = (c: Contact) => `${c.updatedAt}:${c.psid}`;
      const position = (key: string, inclusive: boolean) => {
        const [t, psid = ''] = key.split(':');
        const ut = Number(t);
        let lo = 0;
        let hi = list.length;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          const c = list[mid] as Contact;
          const before =
            c.updatedAt > ut ||
            (c.updatedAt === ut && (inclusive ? c.psid < psid : c.psid <= psid));
          if (before) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
      const win = windowOf(
        list,
        { limit, after: param(req, 'after'), before: param(req, 'before') },
        (k) => position(k, false),
        (k) => position(k, true),
      );
      return pagedResponse(
        win,
        win.items.map((c) => renderConversation(ctx, req, page, c, specs, pa.record.token)),
        keyOf,
        {
          baseUrl: ctx.baseUrl() + req.versionPrefix,
          path: `${page.id}/conversations`,
          query: {
            ...stringQuery(req, ['access_token', 'fields', 'platform', 'user_id']),
            limit: String(limit),
          },
        },
      );
    }
    default:
      throw errors.nonexistingField(edge ?? '', 'Page');
  }
}

function conversationRoutes(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  page: Page,
  contact: Contact,
  rest: string[],
): unknown {
  if (req.method !== 'GET') throw errors.unknownObject(req.method, conversationId(contact.psid));
  const pa = requirePageToken(auth, page, req.method);
  requireEndpoint(pa, 'conversations');
  conversationsCall(ctx, page, req);
  const [edge, ...more] = rest;
  if (edge === undefined)
    return renderConversation(
      ctx,
      req,
      page,
      contact,
      fieldsOf(req, 'id,updated_time'),
      pa.record.token,
    );
  if (edge === 'messages' && more.length === 0) {
    const limit = parseLimit(req.params['limit'], 25);
    return renderMessagesEdge(ctx, req, page, contact, {
      limit,
      after: param(req, 'after'),
      before: param(req, 'before'),
      specs: fieldsOf(req, 'id,created_time'),
      query: { ...stringQuery(req, ['access_token', 'fields']), limit: String(limit) },
    });
  }
  throw errors.nonexistingField(edge, 'Conversation');
}

export { tokenOf, limitOf };
