import { z } from 'zod';
import { LIMITS } from '../constants';
import { wholeNumberIn } from './whole-number';

/** Audience (spec §10.9) in plain words; not in the original spec. */
export const AUDIENCE_MESSAGES = {
  tagInvalid: 'Tag must be a valid tag id',
  tooManyTags: `Choose at most ${LIMITS.audienceTagsMax} tags in each list`,
  daysInvalid: `"Wrote in the last" takes a whole number of days from 1 to ${LIMITS.audienceDaysMax}`,
  includedAndExcluded: 'A tag cannot be both included and excluded',
  tagAndAudience: 'Send either a tag or an audience, not both',
  notOnPage: 'The audience names a tag that does not exist on this page',
} as const;

const tagList = z
  .array(z.string().uuid(AUDIENCE_MESSAGES.tagInvalid), {
    invalid_type_error: AUDIENCE_MESSAGES.tagInvalid,
  })
  .max(LIMITS.audienceTagsMax, AUDIENCE_MESSAGES.tooManyTags)
  // The same tag twice means nothing more; stored once.
  .transform((ids) => [...new Set(ids)]);

/**
 * Who a campaign goes to (spec §10.9). No tag and no narrowing is 'All users'; one tag is the old single-tag
 * audience. `tagIds` combine by `match` ('any': a contact with at least one of them; 'all': with every one);
 * `excludeTagIds` leaves out anyone with one of them; `wroteWithinDays` keeps those who wrote to the page in
 * the last N days; `subscribersOnly` keeps marketing-message subscribers. Contacts who stopped the page's
 * marketing messages are never in any audience (docs/campaigns.md "Audience").
 */
export const CampaignAudience = z
  .object({
    match: z.enum(['any', 'all']).default('any'),
    tagIds: tagList.default([]),
    excludeTagIds: tagList.default([]),
    wroteWithinDays: wholeNumberIn(1, LIMITS.audienceDaysMax, AUDIENCE_MESSAGES.daysInvalid)
      .nullable()
      .default(null),
    subscribersOnly: z.boolean().default(false),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (a.tagIds.some((id) => a.excludeTagIds.includes(id)))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['excludeTagIds'],
        message: AUDIENCE_MESSAGES.includedAndExcluded,
      });
  });
export type CampaignAudience = z.output<typeof CampaignAudience>;
export type CampaignAudienceInput = z.input<typeof CampaignAudience>;

/** 'All users': nobody left out but those who stopped marketing messages. */
export const ALL_USERS: CampaignAudience = {
  match: 'any',
  tagIds: [],
  excludeTagIds: [],
  wroteWithinDays: null,
  subscribersOnly: false,
};

/** Whether the audience is 'All users' (no tag, no narrowing). */
export const isAllUsers = (a: CampaignAudience): boolean =>
  a.tagIds.length === 0 &&
  a.excludeTagIds.length === 0 &&
  a.wroteWithinDays === null &&
  !a.subscribersOnly;

/** The old single-tag choice as an audience (null: all users). */
export const audienceOfTag = (tagId: string | null): CampaignAudience =>
  tagId ? { ...ALL_USERS, tagIds: [tagId] } : ALL_USERS;

/** The one tag of a single-tag audience, else null (also for 'All users'). */
export function singleTagOf(a: CampaignAudience): string | null {
  const plain = a.excludeTagIds.length === 0 && a.wroteWithinDays === null && !a.subscribersOnly;
  return plain && a.tagIds.length === 1 ? (a.tagIds[0] ?? null) : null;
}

/** Every tag the audience names, included or excluded. */
export const audienceTagIds = (a: CampaignAudience): string[] => [
  ...new Set([...a.tagIds, ...a.excludeTagIds]),
];

/**
 * The audience as a query parameter of the reach preview (a GET): JSON, parsed and validated by the
 * contract, so the preview and the creation read one shape.
 */
export const AudienceQueryParam = z
  .string()
  .max(4000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'Audience must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(CampaignAudience);
