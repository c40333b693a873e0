// Who a campaign's audience is (spec §10.9, docs/campaigns.md "Audience"), in SQL, in one place: the reach
// preview, the marketing check at creation and the dispatch snapshot all filter contacts with `audienceMatch`,
// so the numbers Schedule shows and the rows the campaign gets come from the same rule.
import {
  ALL_USERS,
  audienceOfTag,
  CampaignAudience,
  isAllUsers,
  singleTagOf,
  type CampaignAudience as Audience,
} from '@pagecast/contract';

/** How a campaign row stores its audience: 'all', one tag, or a combined audience (the jsonb). */
export type AudienceKind = 'all' | 'tag' | 'audience';

/**
 * The SQL condition "contact `ct` is in the audience `$p`" (`p`: a jsonb parameter in the shape of the
 * contract's CampaignAudience). Tags combine by `match` (any of / all of), `excludeTagIds` leaves out,
 * `wroteWithinDays` keeps those whose last message is that recent, `subscribersOnly` keeps marketing
 * subscribers. The page is the caller's condition.
 */
export function audienceMatch(ct: string, p: string): string {
  const tags = (key: string) => `array(select jsonb_array_elements_text(${p}->'${key}'))::uuid[]`;
  return `(
    (jsonb_array_length(${p}->'tagIds') = 0
      or (${p}->>'match' = 'all' and (select count(*) from contact_tags x
            where x.contact_id = ${ct}.id and x.tag_id = any(${tags('tagIds')})) = jsonb_array_length(${p}->'tagIds'))
      or (${p}->>'match' <> 'all' and exists (select 1 from contact_tags x
            where x.contact_id = ${ct}.id and x.tag_id = any(${tags('tagIds')}))))
    and not exists (select 1 from contact_tags x
                    where x.contact_id = ${ct}.id and x.tag_id = any(${tags('excludeTagIds')}))
    and (${p}->>'wroteWithinDays' is null
         or ${ct}.last_inbound_at > now() - (${p}->>'wroteWithinDays')::int * interval '1 day')
    and (not (${p}->>'subscribersOnly')::boolean
         or exists (select 1 from marketing_subscriptions s
                    where s.page_id = ${ct}.page_id and s.contact_id = ${ct}.id and s.status = 'subscribed')))`;
}

/** The audience as the jsonb parameter `audienceMatch` reads. */
export const audienceParam = (a: Audience): string => JSON.stringify(a);

/** What a campaign row stores for an audience: its kind, its one tag (if it is one), the jsonb. */
export function audienceColumns(a: Audience): { kind: AudienceKind; tagId: string | null } {
  const tagId = singleTagOf(a);
  return { kind: isAllUsers(a) ? 'all' : tagId ? 'tag' : 'audience', tagId };
}

/**
 * A stored campaign's audience. A row from before the audience column has only its kind and tag; one whose
 * single tag was deleted before dispatch (kind 'tag', tag null) reaches nobody: null.
 */
export function storedAudience(row: {
  audience: unknown;
  audience_kind: AudienceKind;
  tag_id: string | null;
}): Audience | null {
  if (row.audience !== null && row.audience !== undefined) {
    const parsed = CampaignAudience.safeParse(row.audience);
    if (parsed.success) return parsed.data;
  }
  if (row.audience_kind === 'all') return ALL_USERS;
  return row.tag_id ? audienceOfTag(row.tag_id) : null;
}
