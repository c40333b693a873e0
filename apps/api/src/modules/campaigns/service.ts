// Rules of the campaigns capability: who may see or change a campaign, the audience a request names, how
// failures read in the funnel, the CSV export. Creating one is create.ts; the review before Confirm and
// the test send are review.ts; the SQL is in repo.ts and dispatch/repo/.
import { Readable } from 'node:stream';
import {
  AUDIENCE_MESSAGES,
  audienceOfTag,
  CAMPAIGN_MESSAGES,
  audienceTagIds,
  singleTagOf,
  type CampaignAudience,
  OUTCOME_LABELS,
  SENT_AS_LABELS,
  SKIP_REASONS,
  type AudiencePreview,
  type Campaign,
  type CampaignDetail,
  type CampaignRecipient,
  type CampaignSpend,
  type PageMeta,
  type RecipientFilter,
  TAG_RECIPIENTS_MAX,
} from '@pagecast/contract';
import { assertPageAdmin, pageAccessError } from '../../auth/guards.js';
import { allows, ROLE_MESSAGES, type PageNeed } from '../../auth/page-access.js';
import { withStatementTimeout, type Sql } from '../../db/client.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../../errors.js';
import { errorRow, GraphError, marketingGraph } from '../../graph/index.js';
import { graphOf, graphRefusal } from '../shared/page-graph.js';
import { marketingPermissionError, marketingUserToken } from '../marketing/index.js';
import { pageSubscribes, recordOutboundEvent } from '../outbound-webhooks/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { csvRow, csvTime, type CsvValue } from './csv.js';
import { reconciliationCounts } from './dispatch/repo/reconcile.js';
import * as recipientsRepo from './recipients-repo.js';
import * as repo from './repo.js';
import { publishCampaignsSafely } from './live.js';
import { CANCELLED_REASON } from './reasons.js';

export const TAG_NOT_ON_PAGE = 'The selected tag does not exist on this page';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const NOT_CANCELLABLE = 'Only a pending or processing campaign can be cancelled';

/** A tag id that is not one of the page's tags: 400 on the tagId field (create and preview alike). */
export async function tagOfPage(db: Sql, pageUuid: string, tagId: string) {
  const tag = await repo.findTagOfPage(db, pageUuid, tagId);
  if (!tag) throw new ValidationError(TAG_NOT_ON_PAGE, { tagId: [TAG_NOT_ON_PAGE] });
  return tag;
}

/**
 * The audience a request names (spec §10.9): `audience`, else the single `tagId`, else all users. Every tag it
 * names must be the page's (400 on the field it came in, so another page's tag ids are never resolved).
 * Returns it with its one tag, when it is a single-tag audience (the campaign keeps that tag's name).
 */
export async function audienceOfRequest(
  db: Sql,
  pageUuid: string,
  tagId: string | null,
  requested: CampaignAudience | null,
): Promise<{ audience: CampaignAudience; tag: { id: string; name: string } | null }> {
  if (!requested) {
    const tag = tagId ? await tagOfPage(db, pageUuid, tagId) : null;
    return { audience: audienceOfTag(tagId), tag };
  }
  for (const id of audienceTagIds(requested))
    if (!(await repo.findTagOfPage(db, pageUuid, id)))
      throw new ValidationError(AUDIENCE_MESSAGES.notOnPage, {
        audience: [AUDIENCE_MESSAGES.notOnPage],
      });
  const single = singleTagOf(requested);
  return {
    audience: requested,
    tag: single ? ((await repo.findTagOfPage(db, pageUuid, single)) ?? null) : null,
  };
}

export function pageMeta(total: number, itemCount: number, page: number, limit: number): PageMeta {
  return {
    totalItems: total,
    itemCount,
    itemsPerPage: limit,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    currentPage: page,
  };
}

export async function listCampaigns(
  db: Sql,
  adminId: string,
  fbPageId: string,
  page: number,
  limit: number,
): Promise<{ data: Campaign[]; meta: PageMeta }> {
  const found = await repo.listAdminPageCampaigns(db, adminId, fbPageId, page, limit);
  if (!found) throw await pageAccessError(db, adminId, fbPageId, 'analytics');
  const { data, total } = found;
  return { data, meta: pageMeta(total, data.length, page, limit) };
}

export async function audiencePreview(
  db: Sql,
  adminId: string,
  fbPageId: string,
  query: { tagId?: string; audience?: CampaignAudience },
): Promise<AudiencePreview> {
  const page = await assertPageAdmin(db, adminId, fbPageId, 'messaging');
  if (query.tagId && query.audience)
    throw new ValidationError(AUDIENCE_MESSAGES.tagAndAudience, {
      audience: [AUDIENCE_MESSAGES.tagAndAudience],
    });
  const { audience } = await audienceOfRequest(
    db,
    page.id,
    query.tagId ?? null,
    query.audience ?? null,
  );
  const r = await withStatementTimeout(db, (tx) => repo.audiencePreview(tx, page.id, audience));
  return {
    total: r.total,
    insideWindow: r.insideWindow,
    outsideWindow: r.outsideWindow,
    subscribersOutside: r.subscribersOutside,
    optedOut: r.optedOut,
    optedOutInside: r.optedOutInside,
  };
}

async function campaignOf(
  db: Sql,
  adminId: string,
  campaignId: string,
  need: PageNeed = 'analytics',
): Promise<Campaign> {
  const found = await repo.findCampaignForAdmin(db, campaignId, adminId);
  if (!found) throw new NotFoundError(CAMPAIGN_NOT_FOUND);
  if (!allows(found.tasks, need)) throw new ForbiddenError(ROLE_MESSAGES[need]);
  return found.campaign;
}

/** How a Send API refusal reads in the funnel: the label of its row in Meta's error table (graph/errors.ts). */
export function failureReason(
  code: number | null,
  subcode: number | null,
  message: string | null,
): string {
  if (code === null) return message ?? 'Unknown error';
  return (
    errorRow(code, subcode, message ?? '')?.label ?? `Error ${code}${subcode ? `/${subcode}` : ''}`
  );
}

export async function campaignDetail(
  db: Sql,
  adminId: string,
  campaignId: string,
): Promise<CampaignDetail> {
  const campaign = await campaignOf(db, adminId, campaignId);
  const [counts, groups, skipped, reconciliation] = await Promise.all([
    repo.funnelCounts(db, campaignId),
    repo.failureGroups(db, campaignId),
    repo.skipGroups(db, campaignId),
    reconciliationCounts(db, campaignId),
  ]);
  const byReason = new Map<string, { reason: string; code: number | null; count: number }>();
  for (const g of groups) {
    const reason = failureReason(g.code, g.subcode, g.message);
    const entry = byReason.get(reason) ?? { reason, code: g.code, count: 0 };
    entry.count += g.count;
    byReason.set(reason, entry);
  }
  // Before dispatch no rows exist yet: the audience is the snapshot count (0 while pending).
  return {
    campaign,
    funnel: {
      ...counts,
      audience: Math.max(counts.audience, campaign.audienceCount),
      failedByReason: [...byReason.values()].sort((a, b) => b.count - a.count),
      skippedByReason: skipped,
      reconciliation,
    },
  };
}

export async function listRecipients(
  db: Sql,
  adminId: string,
  campaignId: string,
  opts: { page: number; limit: number; outcome?: RecipientFilter | undefined },
): Promise<{ data: CampaignRecipient[]; meta: PageMeta }> {
  // Names and PSIDs: for the roles that may message them, not for an analysis-only role.
  await campaignOf(db, adminId, campaignId, 'messaging');
  const { data, total } = await withStatementTimeout(db, (tx) =>
    recipientsRepo.listRecipients(tx, campaignId, opts),
  );
  return { data, meta: pageMeta(total, data.length, opts.page, opts.limit) };
}

const NO_SPEND: CampaignSpend = {
  marketing: false,
  spend: null,
  currency: null,
  delivered: null,
  costPerDelivered: null,
};
const metaNumber = (v: string | undefined): number | null => {
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * What Meta billed for the campaign's paid marketing messages: its message campaign's insights, read with the
 * admin's own user token (Meta refuses a page token on marketing objects). Meta reports spend per message
 * campaign, and Pagecast makes one per campaign, so the figure is this campaign's.
 */
export async function campaignSpend(
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens' | 'config'>,
  adminId: string,
  campaignId: string,
): Promise<CampaignSpend> {
  const campaign = await campaignOf(deps.pool, adminId, campaignId);
  if (!campaign.marketing) return NO_SPEND;
  const billing = await repo.marketingBilling(deps.pool, campaignId);
  const none = { ...NO_SPEND, marketing: true, currency: billing.currency };
  if (!billing.messageCampaignId) return none;
  let row: marketingGraph.MessageCampaignInsights | undefined;
  try {
    const userToken = await marketingUserToken(deps, adminId);
    try {
      row = await marketingGraph.messageCampaignInsights(graphOf(deps), {
        messageCampaignId: billing.messageCampaignId,
        userToken,
      });
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      throw marketingPermissionError(err) ?? graphRefusal(err);
    }
  } catch (err) {
    // A read never answers 409 (the contract's rule): a token to reconnect is said with the same words, 422.
    if (err instanceof ConflictError) throw new UnprocessableError(err.message);
    throw err;
  }
  if (!row) return none;
  const delivered = metaNumber(row.marketing_messages_delivered);
  return {
    ...none,
    spend: metaNumber(row.marketing_messages_spend),
    delivered: delivered === null ? null : Math.round(delivered),
    costPerDelivered: metaNumber(row.marketing_messages_cost_per_delivered),
  };
}

/** One statement of 'Tag these recipients' tags this many: short locks, whatever the campaign's size. */
const TAG_CHUNK = 1000;

/**
 * 'Tag these recipients': the campaign's recipients of a filter get one of the page's tags, in chunks, at
 * most TAG_RECIPIENTS_MAX of them. Idempotent: who has the tag already is not counted again.
 */
export async function tagRecipients(
  db: Sql,
  adminId: string,
  campaignId: string,
  body: { tagId: string; outcome?: RecipientFilter | undefined },
): Promise<{ matched: number; tagged: number; capped: boolean }> {
  await campaignOf(db, adminId, campaignId, 'messaging');
  const found = await recipientsRepo.campaignPageTag(db, campaignId, body.tagId);
  if (!found) throw new ValidationError(TAG_NOT_ON_PAGE, { tagId: [TAG_NOT_ON_PAGE] });
  const { pageUuid, ...tag } = found;
  const matched = await withStatementTimeout(db, (tx) =>
    recipientsRepo.countRecipients(tx, campaignId, body.outcome),
  );
  let after = '00000000-0000-0000-0000-000000000000';
  let seen = 0;
  let tagged = 0;
  while (seen < TAG_RECIPIENTS_MAX) {
    // Each chunk bounded, all or nothing with its contact.tagged webhook events (chunks are idempotent:
    // a retry tags the rest).
    const chunk = await withStatementTimeout(db, async (tx) => {
      const done = await recipientsRepo.tagRecipientsChunk(tx, {
        campaignId,
        tagId: body.tagId,
        filter: body.outcome,
        after,
        limit: Math.min(TAG_CHUNK, TAG_RECIPIENTS_MAX - seen),
      });
      if (done.tagged.length > 0 && (await pageSubscribes(tx, pageUuid, 'contact.tagged')))
        for (const contactUuid of done.tagged)
          await recordOutboundEvent(tx, {
            pageUuid: pageUuid,
            type: 'contact.tagged',
            contactUuid,
            data: { tag },
          });
      return done;
    });
    seen += chunk.size;
    tagged += chunk.tagged.length;
    if (!chunk.last || chunk.size === 0) break;
    after = chunk.last;
  }
  return { matched, tagged, capped: matched > TAG_RECIPIENTS_MAX };
}

/**
 * The export's columns: a header a person reads in a spreadsheet, and each cell in words (the detail's
 * labels); times in UTC, as the header says.
 */
const CSV_COLUMNS: Array<[string, (r: recipientsRepo.RecipientRow) => CsvValue]> = [
  ['Name', (r) => r.name],
  ['Messenger ID (PSID)', (r) => r.psid],
  ['Outcome', (r) => OUTCOME_LABELS[r.state] ?? r.state],
  [
    'Sent as',
    (r) => (r.messaging_type ? (SENT_AS_LABELS[r.messaging_type] ?? r.messaging_type) : ''),
  ],
  ['Sent at (UTC)', (r) => csvTime(r.sent_at)],
  ['Delivered at (UTC)', (r) => csvTime(r.delivered_at)],
  ['Read at (UTC)', (r) => csvTime(r.read_at)],
  ['Replied or tapped at (UTC)', (r) => csvTime(r.interacted_at)],
  ['Sent on return', (r) => (r.returned_at && r.state === 'sent' ? 'Yes' : '')],
  [
    'Why it failed',
    (r) =>
      r.state === 'failed' ? failureReason(r.error_code, r.error_subcode, r.error_message) : '',
  ],
  [
    'Error code',
    (r) =>
      r.error_code === null ? '' : `${r.error_code}${r.error_subcode ? `/${r.error_subcode}` : ''}`,
  ],
  ['Why skipped', (r) => (r.skip_reason ? SKIP_REASONS[r.skip_reason] : '')],
  ['Message ID', (r) => r.message_id],
];

/** The recipients as a CSV stream: a UTF-8 BOM (so a spreadsheet reads 'É' right), the header, the rows. */
export async function exportRecipients(
  db: Sql,
  adminId: string,
  campaignId: string,
): Promise<{ campaign: Campaign; stream: Readable }> {
  const campaign = await campaignOf(db, adminId, campaignId, 'messaging');
  // The first chunk is read before the headers go: past its statement timeout the answer is a 503.
  const rows = recipientsRepo.iterateRecipients(db, campaignId);
  const first = await rows.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* rows;
  }
  async function* lines() {
    yield `\uFEFF${csvRow(CSV_COLUMNS.map(([title]) => title))}`;
    let buffer = '';
    for await (const r of all()) {
      buffer += csvRow(CSV_COLUMNS.map(([, cell]) => cell(r)));
      if (buffer.length > 64_000) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
  return { campaign, stream: Readable.from(lines()) };
}

export async function cancelCampaign(
  db: Sql,
  adminId: string,
  campaignId: string,
): Promise<Campaign> {
  await campaignOf(db, adminId, campaignId, 'messaging');
  const cancelled = await repo.cancelCampaign(db, campaignId, CANCELLED_REASON);
  if (!cancelled) throw new ConflictError(NOT_CANCELLABLE);
  // Every open Analytics screen of the page sees it stop (the workers see it at their next sweep).
  await publishCampaignsSafely(db, [cancelled.id]);
  return cancelled;
}

/** 'Stop waiting for returns' (the page's messaging admins): 409 unless it still delivers on return. */
export async function stopReturns(db: Sql, adminId: string, campaignId: string): Promise<Campaign> {
  await campaignOf(db, adminId, campaignId, 'messaging');
  const stopped = await repo.stopReturns(db, campaignId);
  if (!stopped) throw new ConflictError(CAMPAIGN_MESSAGES.returnsNotWaiting);
  await publishCampaignsSafely(db, [stopped.id]);
  return stopped;
}
