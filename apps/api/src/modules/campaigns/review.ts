// The review before Confirm (spec §10.11, docs/campaigns.md "Review"): a contact of the audience whose name
// the preview shows, and 'Send a test to me' to the admin's own conversation with the page. Nothing here
// creates a campaign: only Confirm does (createCampaign).
import { renderPlaceholders, type CampaignAudience, type CampaignReview } from '@pagecast/contract';
import { assertPageAdmin, type PageRow } from '../../auth/guards.js';
import { ConflictError } from '../../errors.js';
import { GraphError } from '../../graph/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { asRefusal, pageForGraph } from '../shared/page-graph.js';
import * as repo from './review-repo.js';
import { audienceParam } from './audience.js';
import { audienceOfRequest } from './service.js';

export const TEST_MESSAGES = {
  /** No PSID for the admin on this page: one exists only once they wrote to it. */
  noConversation: 'Send a message to your page from Messenger, then try again',
  /** Their last message is older than 24 hours: a standard message would be refused. */
  closed:
    'Your last message to the page is more than 24 hours old. Send a message to your page from Messenger, then try again',
} as const;

type Deps = Pick<ModuleDeps, 'pool' | 'graph' | 'tokens'>;

/**
 * The admin's own contact on the page. Their sign-in id is app-scoped, a contact's id page-scoped: Meta's
 * ids_for_pages maps the one to the other, and a PSID exists only once the admin wrote to the page. Any
 * refusal (a token gone, a page of another business) reads as "no conversation": the review says how to get
 * one, and nothing is sent.
 */
async function adminContact(deps: Deps, adminId: string, page: PageRow) {
  const who = await repo.adminIdentity(deps.pool, adminId);
  if (!who?.tokenEnc || !deps.graph) return null;
  let psids: string[];
  try {
    psids = await deps.graph.idsForPage(
      who.fbUserId,
      deps.tokens.decrypt(who.tokenEnc),
      page.fbPageId,
    );
  } catch (err) {
    if (err instanceof GraphError) return null;
    throw err;
  }
  const [contact] = await repo.contactsByPsid(deps.pool, page.id, psids);
  return contact ?? null;
}

export function createReviewService(deps: Deps) {
  return {
    async review(
      adminId: string,
      fbPageId: string,
      query: { tagId?: string; audience?: CampaignAudience },
    ): Promise<CampaignReview> {
      const page = await assertPageAdmin(deps.pool, adminId, fbPageId, 'messaging');
      // The same audience the form's reach preview counted: the preview's contact is one of it.
      const { audience } = await audienceOfRequest(
        deps.pool,
        page.id,
        query.tagId ?? null,
        query.audience ?? null,
      );
      const sample = await repo.sampleContact(deps.pool, page.id, audienceParam(audience));
      const own = await adminContact(deps, adminId, page);
      return {
        sample,
        testConversation: !own ? 'none' : own.insideWindow ? 'open' : 'closed',
      };
    },

    /** The message as the admin's contact reads it, on the standard path a campaign takes in the window. */
    async sendTest(
      adminId: string,
      fbPageId: string,
      msg: string,
      imageUrl?: string,
    ): Promise<{ sentTo: string }> {
      const { page, token, graph } = await pageForGraph(deps, adminId, fbPageId);
      const own = await adminContact(deps, adminId, page);
      if (!own) throw new ConflictError(TEST_MESSAGES.noConversation);
      if (!own.insideWindow) throw new ConflictError(TEST_MESSAGES.closed);
      try {
        // The image first, as its own message, as the campaign's standard sends go.
        if (imageUrl)
          await graph.sendMessage({
            pageId: page.fbPageId,
            pageToken: token,
            psid: own.psid,
            text: '',
            messagingType: 'UPDATE',
            tag: null,
            image: { url: imageUrl },
          });
        await graph.sendMessage({
          pageId: page.fbPageId,
          pageToken: token,
          psid: own.psid,
          text: renderPlaceholders(msg, own),
          messagingType: 'UPDATE',
          tag: null,
        });
      } catch (err) {
        throw asRefusal(err);
      }
      return { sentTo: own.name ?? [own.firstName, own.lastName].filter(Boolean).join(' ') };
    },
  };
}
