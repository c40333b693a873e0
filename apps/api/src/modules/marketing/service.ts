// Rules of marketing messages (Meta's paid Marketing Message API): a page connects the ad account Meta bills
// (checked with Meta using the acting admin's own user token: Meta's onboarding Flow 2, a user token with
// ads_management + marketing_messages_messenger, docs/product.md §6), and grows its subscribers by sending
// Meta's opt-in request in a chat (the page token), only inside the 24-hour window and once per topic a week.
// Every route needs the messaging role: it spends money or writes to contacts.
import {
  BULK_OPTIN_LIMIT_MESSAGE,
  BULK_OPTIN_MAX,
  BULK_OPTIN_PER_MINUTE,
  type BulkOptinResult,
  DEFAULT_OPTIN_TITLE,
  MARKETING_MESSAGES as M,
  MARKETING_SCOPES,
  missingScopes,
  OPTIN_REQUEST_INTERVAL_MS,
  PERMISSION_MESSAGES,
  type ContactSubscription,
  type MarketingAdAccount,
  type MarketingSetup,
} from '@pagecast/contract';
import { assertPageAdmin, type PageRow } from '../../auth/guards.js';
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  UnprocessableError,
  ValidationError,
} from '../../errors.js';
import { GraphError, marketingGraph, type GraphClient } from '../../graph/index.js';
import { countHit } from '../../http/rate-limit-store.js';
import type { RecipientQuery } from '../inbox/index.js';
import {
  asRefusal,
  graphOf,
  graphRefusal,
  pageForGraph as pageOnFacebook,
  RECONNECT_MESSAGE,
} from '../shared/page-graph.js';
import { CONTACT_NOT_FOUND } from '../contacts/index.js';
import { connectAdAccount, disconnectAdAccount } from '../page-rows/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import * as repo from './repo.js';

/** Meta's ad account status for an account that can spend. */
const ACTIVE_ACCOUNT = 1;

const day = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** What the inbox shows of a contact's subscription, and whether it may ask now (and why not). */
export function toContactSubscription(
  row: repo.SubscriptionRow,
  insideWindow: boolean,
  title: string,
  now = Date.now(),
): ContactSubscription {
  const asked =
    row.lastSentAt &&
    row.lastTitle === title &&
    now - row.lastSentAt.getTime() < OPTIN_REQUEST_INTERVAL_MS
      ? row.lastSentAt
      : null;
  const cannotAskReason =
    row.status === 'subscribed'
      ? M.alreadySubscribed(row.title ?? title)
      : asked
        ? M.askedThisWeek(title, day(new Date(asked.getTime() + OPTIN_REQUEST_INTERVAL_MS)))
        : !insideWindow
          ? M.outsideWindow
          : null;
  return {
    status: row.status,
    title: row.title,
    since: row.since ? row.since.toISOString() : null,
    lastRequest:
      row.lastTitle && row.lastSentAt
        ? { title: row.lastTitle, sentAt: row.lastSentAt.toISOString() }
        : null,
    canAsk: cannotAskReason === null,
    cannotAskReason,
  };
}

/** Meta's answers for a missing permission or capability: (#3), (#10), (#200)-(#299). */
export function isPermissionRefusal(err: GraphError): boolean {
  const c = err.code;
  return c === 3 || c === 10 || (c !== null && c >= 200 && c <= 299);
}

/**
 * The admin's user token for the Marketing Message API (Flow 2), or the 422 that says which permissions to
 * grant (not a 403: the web app signs out on those). Meta refuses a page token on the ad-account calls
 * (docs/product.md §6).
 */
export async function marketingUserToken(
  deps: Pick<ModuleDeps, 'pool' | 'tokens'>,
  adminId: string,
): Promise<string> {
  const grant = await repo.adminGrant(deps.pool, adminId);
  const missing = missingScopes(grant.scopes, MARKETING_SCOPES);
  if (missing.length > 0) throw new UnprocessableError(PERMISSION_MESSAGES.marketing(missing));
  if (!grant.enc) throw new ConflictError(RECONNECT_MESSAGE);
  return deps.tokens.decrypt(grant.enc);
}

/** Meta refused for want of a permission: the same next step as the check before the call. */
export function marketingPermissionError(err: GraphError): UnprocessableError | null {
  if (!isPermissionRefusal(err)) return null;
  return new UnprocessableError(PERMISSION_MESSAGES.marketing([...MARKETING_SCOPES]));
}

/** Either lets Meta list the user's ad accounts (GET /me/adaccounts). */
const ADS_SCOPES = ['ads_read', 'ads_management'];

export type MarketingService = ReturnType<typeof createMarketingService>;

export function createMarketingService(deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens'>) {
  const { pool: db } = deps;

  const pageForGraph = (adminId: string, fbPageId: string) =>
    pageOnFacebook(deps, adminId, fbPageId);

  /** The page's setup, with the permissions this admin has yet to grant for it. */
  async function setupFor(adminId: string, page: PageRow): Promise<MarketingSetup> {
    const grant = await repo.adminGrant(db, adminId);
    return {
      ...(await repo.setupOf(db, page.id, page.fbPageId)),
      missingPermissions: missingScopes(grant.scopes, MARKETING_SCOPES),
    };
  }

  async function contactOf(page: PageRow, psid: string): Promise<repo.ContactRef> {
    const contact = await repo.contactOf(db, page.id, psid);
    if (!contact) throw new NotFoundError(CONTACT_NOT_FOUND);
    return contact;
  }

  async function subscription(
    contact: repo.ContactRef,
    title: string = DEFAULT_OPTIN_TITLE,
  ): Promise<ContactSubscription> {
    return toContactSubscription(
      await repo.subscriptionOf(db, contact.id),
      contact.insideWindow,
      title,
    );
  }

  /**
   * Meta's opt-in request in the chat. The request is recorded first (one statement decides, so two admins
   * asking at once send one), and forgotten again when Meta refused it for sure. False: it was asked about
   * this topic within the week. Meta's refusal is thrown as the GraphError.
   */
  async function sendRequest(
    on: { page: PageRow; token: string; graph: GraphClient },
    contact: repo.ContactRef,
    title: string,
    adminId: string,
  ): Promise<boolean> {
    const requestId = await repo.insertRequest(db, {
      pageUuid: on.page.id,
      contactId: contact.id,
      title,
      adminId,
      intervalMs: OPTIN_REQUEST_INTERVAL_MS,
    });
    if (!requestId) return false;
    try {
      const sent = await marketingGraph.sendOptinRequest(on.graph, {
        pageId: on.page.fbPageId,
        pageToken: on.token,
        psid: contact.psid,
        title,
      });
      await repo.setRequestMid(db, requestId, sent.messageId);
    } catch (err) {
      // It may have gone out (no answer): keep the record, so nobody asks twice this week.
      if (!(err instanceof GraphError) || err.kind !== 'unknown_outcome')
        await repo.deleteRequest(db, requestId);
      throw err;
    }
    return true;
  }

  return {
    async getMarketing(adminId: string, fbPageId: string): Promise<MarketingSetup> {
      const page = await assertPageAdmin(db, adminId, fbPageId, 'messaging');
      return setupFor(adminId, page);
    },

    /**
     * The ad accounts Meta lets this admin use, read with their own user token, so they pick one instead of
     * typing its id. Best effort: without a usable token (or if Meta fails) the list is empty and the id can
     * still be typed.
     */
    async listAdAccounts(adminId: string, fbPageId: string): Promise<MarketingAdAccount[]> {
      await assertPageAdmin(db, adminId, fbPageId, 'advertise');
      const grant = await repo.adminGrant(db, adminId);
      // Without an ads permission Meta refuses the list (#200): not asked, the screen offers the login.
      const ads = grant.scopes === null || ADS_SCOPES.some((s) => grant.scopes?.includes(s));
      if (!grant.enc || !deps.graph || !ads) return [];
      const enc = grant.enc;
      try {
        const accounts = await marketingGraph.listAdAccounts(deps.graph, deps.tokens.decrypt(enc));
        return accounts
          .filter((a) => a.account_status === undefined || a.account_status === ACTIVE_ACCOUNT)
          .map((a) => ({ id: a.id, name: a.name ?? a.id, currency: a.currency ?? null }));
      } catch {
        return [];
      }
    },

    /** Meta decides whether the page's admin may use the ad account: its refusal is a 400 on the field. */
    async connectMarketing(
      adminId: string,
      fbPageId: string,
      adAccountId: string,
    ): Promise<MarketingSetup> {
      const page = await assertPageAdmin(db, adminId, fbPageId, 'advertise');
      const userToken = await marketingUserToken(deps, adminId);
      const graph = graphOf(deps);
      let account: marketingGraph.AdAccountNode;
      try {
        account = await marketingGraph.getAdAccount(graph, adAccountId, userToken);
      } catch (err) {
        const permission = err instanceof GraphError ? marketingPermissionError(err) : null;
        if (permission) throw permission;
        if (
          err instanceof GraphError &&
          ['invalid', 'permission', 'marketing', 'unknown'].includes(err.kind)
        )
          throw new ValidationError(M.adAccountRefused, { adAccountId: [M.adAccountRefused] });
        throw asRefusal(err);
      }
      if (account.account_status !== undefined && account.account_status !== ACTIVE_ACCOUNT) {
        const message = `${M.adAccountRefused} (Meta says the account is not active.)`;
        throw new ValidationError(message, { adAccountId: [message] });
      }
      await connectAdAccount(db, page.id, {
        id: account.id.startsWith('act_') ? account.id : adAccountId,
        name: account.name ?? adAccountId,
        currency: account.currency ?? null,
      });
      return setupFor(adminId, page);
    },

    async disconnectMarketing(adminId: string, fbPageId: string): Promise<MarketingSetup> {
      const page = await assertPageAdmin(db, adminId, fbPageId, 'advertise');
      if ((await repo.scheduledMarketingCampaigns(db, page.id)) > 0)
        throw new ConflictError(M.scheduledMarketing);
      await disconnectAdAccount(db, page.id);
      return setupFor(adminId, page);
    },

    async getSubscription(
      adminId: string,
      fbPageId: string,
      psid: string,
    ): Promise<ContactSubscription> {
      const page = await assertPageAdmin(db, adminId, fbPageId, 'messaging');
      return subscription(await contactOf(page, psid));
    },

    /** Meta's opt-in request to one contact, from their chat. */
    async askToSubscribe(
      adminId: string,
      fbPageId: string,
      psid: string,
      title: string,
    ): Promise<ContactSubscription> {
      const { page, token, graph } = await pageForGraph(adminId, fbPageId);
      const contact = await contactOf(page, psid);
      const before = await subscription(contact, title);
      if (!before.canAsk) throw new ConflictError(before.cannotAskReason ?? M.outsideWindow);
      const sent = await sendRequest({ page, token, graph }, contact, title, adminId).catch(
        (err: unknown) => {
          throw asRefusal(err);
        },
      );
      if (!sent)
        throw new ConflictError(
          M.askedThisWeek(title, day(new Date(Date.now() + OPTIN_REQUEST_INTERVAL_MS))),
        );
      return subscription(contact, title);
    },

    /**
     * 'Ask to subscribe' for everyone an inbox filter matches who may be asked now: inside the window, not
     * subscribed, not asked about this topic this week. The most recent writers first, at most
     * BULK_OPTIN_MAX per run and one after the other (the Send API's pace for one page); a rate limit from
     * Meta stops the run, and those left are counted as not asked. `dryRun` counts without sending.
     */
    async askManyToSubscribe(
      adminId: string,
      fbPageId: string,
      input: { match: RecipientQuery; title: string; dryRun: boolean },
    ): Promise<BulkOptinResult> {
      const on = input.dryRun
        ? { page: await assertPageAdmin(db, adminId, fbPageId, 'messaging') }
        : await pageForGraph(adminId, fbPageId);
      if (!input.dryRun) {
        const { current, ttlMs } = await countHit(db, `bulk-optin:${adminId}`, 60_000);
        if (current > BULK_OPTIN_PER_MINUTE)
          throw new RateLimitedError(
            BULK_OPTIN_LIMIT_MESSAGE,
            Math.max(1, Math.ceil(ttlMs / 1000)),
          );
      }
      const found = await repo.optinCandidates(db, {
        pageUuid: on.page.id,
        title: input.title,
        intervalMs: OPTIN_REQUEST_INTERVAL_MS,
        limit: BULK_OPTIN_MAX,
        match: input.match,
      });
      const result: BulkOptinResult = {
        asked: 0,
        skipped: {
          subscribed: found.subscribed,
          askedThisWeek: found.askedThisWeek,
          windowClosed: found.windowClosed,
          notAsked: found.eligible - found.contacts.length,
        },
        failed: 0,
      };
      if (!('token' in on)) return { ...result, asked: found.contacts.length };
      for (const [i, contact] of found.contacts.entries()) {
        try {
          if (await sendRequest(on, contact, input.title, adminId)) result.asked++;
          else result.skipped.askedThisWeek++;
        } catch (err) {
          if (!(err instanceof GraphError)) throw err;
          if (err.kind === 'window') result.skipped.windowClosed++;
          else if (err.kind === 'rate_limit') {
            result.skipped.notAsked += found.contacts.length - i;
            break;
          } else if (err.kind === 'token' || isPermissionRefusal(err)) {
            // Nothing else would go through either: say so, unless some were asked already.
            if (result.asked === 0) throw graphRefusal(err);
            result.skipped.notAsked += found.contacts.length - i;
            break;
          } else result.failed++;
        }
      }
      return result;
    },

    async unsubscribe(
      adminId: string,
      fbPageId: string,
      psid: string,
    ): Promise<ContactSubscription> {
      const { page, token, graph } = await pageForGraph(adminId, fbPageId);
      const contact = await contactOf(page, psid);
      const current = await repo.subscriptionOf(db, contact.id);
      if (current.status !== 'subscribed') throw new ConflictError(M.notSubscribed);
      try {
        await marketingGraph.unsubscribeContacts(graph, page.fbPageId, token, [psid]);
      } catch (err) {
        throw asRefusal(err);
      }
      await repo.stopSubscription(db, contact.id);
      return subscription(contact);
    },
  };
}
