// SQL of a campaign's recipients on the HTTP side: the list and its filters, the count, tagging them, the
// CSV export's keyset pages.
import {
  RETURNABLE_SKIP_REASONS,
  type CampaignRecipient,
  type RecipientFilter,
  type SkipReason,
} from '@pagecast/contract';
import { withStatementTimeout, type Sql } from '../../db/client.js';
import { iso } from './repo.js';
import { tagChunkSql } from '../user-tags/index.js';

export interface RecipientRow {
  psid: string;
  name: string | null;
  state: CampaignRecipient['state'];
  messaging_type: string | null;
  tag: string | null;
  message_id: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  interacted_at: Date | null;
  returned_at: Date | null;
  error_code: number | null;
  error_subcode: number | null;
  error_message: string | null;
  skip_reason: SkipReason | null;
  contact_id: string;
}

const toRecipient = (r: RecipientRow): CampaignRecipient => ({
  psid: r.psid,
  name: r.name,
  state: r.state,
  messagingType: r.messaging_type,
  tag: r.tag,
  messageId: r.message_id,
  sentAt: iso(r.sent_at),
  deliveredAt: iso(r.delivered_at),
  readAt: iso(r.read_at),
  interactedAt: iso(r.interacted_at),
  returnedAt: iso(r.returned_at),
  errorCode: r.error_code,
  errorMessage: r.error_message,
  skipReason: r.skip_reason,
});

const RECIPIENT_COLUMNS = `r.psid, ct.name, r.state, r.messaging_type, r.tag, r.message_id, r.sent_at, r.delivered_at,
  r.read_at, r.interacted_at, r.returned_at, r.error_code, r.error_subcode, r.error_message, r.skip_reason, r.contact_id`;

const RETURNABLE_LIST = `array[${RETURNABLE_SKIP_REASONS.map((r) => `'${r}'`).join(',')}]`;

/** The recipient filter as a condition on `r` (campaign_recipients); fixed SQL for each value of the enum. */
const FILTER_SQL: Record<Exclude<RecipientFilter, CampaignRecipient['state']>, string> = {
  delivered: 'r.delivered_at is not null',
  read: 'r.read_at is not null',
  interacted: 'r.interacted_at is not null',
  waiting: `r.state = 'skipped' and r.returned_at is null and r.skip_reason = any(${RETURNABLE_LIST})
    and exists (select 1 from campaigns wc where wc.id = r.campaign_id and wc.deliver_on_return_until > now())`,
  returned: `r.state = 'sent' and r.returned_at is not null`,
};

/** ` and <condition>` for a filter ('' for none); a row state is compared through parameter `$n`. */
function recipientFilter(filter: RecipientFilter | undefined, n: number): string {
  if (!filter) return `and $${n}::text is null`;
  return filter in FILTER_SQL
    ? `and (${FILTER_SQL[filter as keyof typeof FILTER_SQL]}) and $${n}::text is not null`
    : `and r.state = $${n}`;
}

export async function listRecipients(
  db: Sql,
  campaignId: string,
  opts: { page: number; limit: number; outcome?: RecipientFilter | undefined },
): Promise<{ data: CampaignRecipient[]; total: number }> {
  const filter = recipientFilter(opts.outcome, 2);
  const params = [campaignId, opts.outcome ?? null];
  // One after the other: the caller may give one connection (a transaction under a statement timeout).
  const list = await db.query<RecipientRow>(
    `select ${RECIPIENT_COLUMNS} from campaign_recipients r join contacts ct on ct.id = r.contact_id
     where r.campaign_id = $1 ${filter}
     order by r.sent_at desc nulls last, r.psid limit $3 offset $4`,
    [...params, opts.limit, (opts.page - 1) * opts.limit],
  );
  const count = await db.query<{ n: number }>(
    `select count(*)::int as n from campaign_recipients r where r.campaign_id = $1 ${filter}`,
    params,
  );
  return { data: list.rows.map(toRecipient), total: count.rows[0]?.n ?? 0 };
}

/** The tag `tagId` when it is one of the campaign's page (its name and page for the webhook event). */
export async function campaignPageTag(
  db: Sql,
  campaignId: string,
  tagId: string,
): Promise<{ id: string; name: string; pageUuid: string } | undefined> {
  const { rows } = await db.query<{ id: string; name: string; pageUuid: string }>(
    `select t.id, t.name, t.page_id as "pageUuid" from tags t join campaigns c on c.page_id = t.page_id
     where c.id = $1 and t.id = $2`,
    [campaignId, tagId],
  );
  return rows[0];
}

/** How many recipients of the campaign the filter matches. */
export async function countRecipients(
  db: Sql,
  campaignId: string,
  filter: RecipientFilter | undefined,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from campaign_recipients r
     where r.campaign_id = $1 ${recipientFilter(filter, 2)}`,
    [campaignId, filter ?? null],
  );
  return rows[0]?.n ?? 0;
}

/**
 * One chunk of 'Tag these recipients': the next `limit` recipients of the filter (by contact id, after
 * `after`) get the tag, unless they have it. Answers the chunk's last contact id and the contacts it tagged.
 */
export async function tagRecipientsChunk(
  db: Sql,
  r: {
    campaignId: string;
    tagId: string;
    filter: RecipientFilter | undefined;
    after: string;
    limit: number;
  },
): Promise<{ last: string | null; size: number; tagged: string[] }> {
  const { rows } = await db.query<{ last: string | null; size: number; tagged: string[] | null }>(
    `with chunk as (
       select r.contact_id from campaign_recipients r
       where r.campaign_id = $1 ${recipientFilter(r.filter, 2)} and r.contact_id > $3::uuid
       order by r.contact_id limit $4),
     added as (${tagChunkSql('chunk', '$5')})
     select (select max(contact_id::text) from chunk) as last, (select count(*) from chunk)::int as size,
            (select array_agg(contact_id) from added) as tagged`,
    [r.campaignId, r.filter ?? null, r.after, r.limit, r.tagId],
  );
  const row = rows[0];
  return { last: row?.last ?? null, size: row?.size ?? 0, tagged: row?.tagged ?? [] };
}

/** Every recipient in keyset pages of `chunk` rows (a CSV export of 100k rows never sits in memory). */
export async function* iterateRecipients(
  db: Sql,
  campaignId: string,
  chunk = 2000,
): AsyncGenerator<RecipientRow & { error_subcode: number | null }> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Each chunk bounded on its own: a campaign's export is as long as its audience.
    const { rows } = await withStatementTimeout(db, (tx) =>
      tx.query<RecipientRow>(
        `select ${RECIPIENT_COLUMNS} from campaign_recipients r join contacts ct on ct.id = r.contact_id
         where r.campaign_id = $1 and r.contact_id > $2 order by r.contact_id limit $3`,
        [campaignId, after, chunk],
      ),
    );
    for (const row of rows) yield row;
    if (rows.length < chunk) return;
    after = (rows[rows.length - 1] as RecipientRow).contact_id;
  }
}
