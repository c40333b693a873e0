// One seam to "a page on Facebook" (docs/architecture.md §7): the acting admin's page with their own page
// token and the Graph client, or the error to answer; and a Graph refusal as the admin reads it, by the kind
// Meta's error table gives it (graph/errors.ts). Inbox, templates, marketing and campaigns all go through it.
import { GraphError, type GraphClient } from '../../graph/index.js';
import { actingPageToken, assertPageAdmin, type PageRow } from '../../auth/guards.js';
import type { PageNeed } from '../../auth/page-access.js';
import {
  ConflictError,
  type DomainError,
  RateLimitedError,
  UnavailableError,
  UnprocessableError,
  UpstreamError,
} from '../../errors.js';
import type { ModuleDeps } from './deps.js';

/** The platform refused a reply as outside the window (our record of the contact's last message was stale). */
export const WINDOW_CLOSED_MESSAGE =
  'Messenger no longer allows replies to this contact: their last message is too long ago. Wait for them to write again.';
export const RECONNECT_MESSAGE =
  "The page's Facebook connection is no longer valid. Reconnect the page (log out and sign in again) and retry.";
export const UNKNOWN_OUTCOME_MESSAGE =
  'Facebook did not confirm whether the message was sent. Check the conversation before sending it again.';
/** No Graph client in this process (tests that do not need one), or none reachable. */
export const GRAPH_UNAVAILABLE_MESSAGE =
  'Facebook is not reachable right now. Try again in a moment.';
/** Meta restricted the page from sending (10/1893063, 368): no reply goes until the restriction ends. */
export const PAGE_RESTRICTED_MESSAGE =
  "Meta has temporarily restricted this page from sending messages. Check the page's status in Meta Business Suite and try again when the restriction ends.";

/** The Graph client, or the 503 to answer when this process has none. */
export function graphOf(deps: Pick<ModuleDeps, 'graph'>): GraphClient {
  if (!deps.graph) throw new UnavailableError(GRAPH_UNAVAILABLE_MESSAGE);
  return deps.graph;
}

/**
 * The page the admin acts on (404 when they do not manage it, 403 for a role that does not cover `need`),
 * their own page token (409 "reconnect" when they have none that works; never a co-admin's) and the client.
 */
export async function pageForGraph(
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens'>,
  adminId: string,
  fbPageId: string,
  need: PageNeed = 'messaging',
): Promise<{ page: PageRow; token: string; graph: GraphClient }> {
  const page = await assertPageAdmin(deps.pool, adminId, fbPageId, need);
  const token = actingPageToken(page, deps.tokens.decrypt);
  if (!token) throw new ConflictError(RECONNECT_MESSAGE);
  return { page, token, graph: graphOf(deps) };
}

/**
 * Graph API failures of a reply (or of any page call an admin made), as the admin should read them, by the
 * kind Meta's error table gives them (graph/errors.ts); never a 500 for the platform's answer.
 */
export function graphRefusal(err: GraphError): DomainError {
  switch (err.kind) {
    case 'token':
      return new ConflictError(RECONNECT_MESSAGE);
    case 'permission':
      return new UnprocessableError(
        `Facebook refused the message: ${err.message}. Reconnect the page and make sure the app may send messages for it.`,
      );
    case 'page_restricted':
      return new UnprocessableError(PAGE_RESTRICTED_MESSAGE);
    case 'window':
      return new UnprocessableError(WINDOW_CLOSED_MESSAGE);
    case 'policy':
      return new UnprocessableError(
        `Messenger refused the message under Meta's policy: ${err.meaning ?? err.message} Do not send it again.`,
      );
    case 'marketing':
      return new UnprocessableError(
        `Meta refused marketing messages for this page: ${err.meaning ?? err.message} Fix it in Meta Business Suite or Ads Manager.`,
      );
    case 'rate_limit':
      return new RateLimitedError(
        'Facebook is rate limiting this page right now. Try again in a moment.',
      );
    case 'unknown_outcome':
      return new UpstreamError(UNKNOWN_OUTCOME_MESSAGE);
    case 'recipient':
      return new UnprocessableError(
        err.code === 551 || err.subcode === 1545041
          ? "This person isn't available right now, so Messenger did not deliver the message."
          : `Messenger did not accept the message for this contact: ${err.message}`,
      );
    case 'invalid':
      return new UnprocessableError(`Messenger rejected the message: ${err.message}`);
    case 'transient':
      return new UnavailableError('Facebook is temporarily unavailable. Try again in a moment.');
    default:
      return new UpstreamError(`Facebook answered with an unexpected error: ${err.message}`);
  }
}

/** What a failed Graph call throws on: a Graph refusal as its domain error (graphRefusal), anything else as is. */
export function asRefusal(err: unknown): unknown {
  return err instanceof GraphError ? graphRefusal(err) : err;
}
