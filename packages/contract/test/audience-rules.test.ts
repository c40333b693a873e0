import { describe, expect, it } from 'vitest';
import {
  ALL_USERS,
  AUDIENCE_MESSAGES,
  AudienceQueryParam,
  audienceOfTag,
  audienceTagIds,
  CampaignAudience,
  isAllUsers,
  makeCampaignFormSchema,
  singleTagOf,
  toCreateCampaignBody,
} from '../src';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const errors = (input: unknown) => {
  const r = CampaignAudience.safeParse(input);
  return r.success ? {} : r.error.flatten().fieldErrors;
};

describe('audience (spec §10.9)', () => {
  it("is 'All users' when nothing is chosen", () => {
    expect(CampaignAudience.parse({})).toEqual(ALL_USERS);
    expect(isAllUsers(ALL_USERS)).toBe(true);
    for (const narrowed of [
      { tagIds: [A] },
      { excludeTagIds: [A] },
      { wroteWithinDays: 7 },
      { subscribersOnly: true },
    ])
      expect(isAllUsers(CampaignAudience.parse(narrowed))).toBe(false);
  });

  it('one tag alone is the single-tag audience; anything more is not', () => {
    expect(singleTagOf(audienceOfTag(A))).toBe(A);
    expect(audienceOfTag(null)).toEqual(ALL_USERS);
    expect(singleTagOf(ALL_USERS)).toBeNull();
    expect(singleTagOf(CampaignAudience.parse({ tagIds: [A, B] }))).toBeNull();
    expect(singleTagOf(CampaignAudience.parse({ tagIds: [A], excludeTagIds: [B] }))).toBeNull();
    expect(singleTagOf(CampaignAudience.parse({ tagIds: [A], wroteWithinDays: 3 }))).toBeNull();
    expect(singleTagOf(CampaignAudience.parse({ tagIds: [A], subscribersOnly: true }))).toBeNull();
    expect(audienceTagIds(CampaignAudience.parse({ tagIds: [A, B], excludeTagIds: [] }))).toEqual([
      A,
      B,
    ]);
  });

  it('stores a tag named twice once', () => {
    expect(CampaignAudience.parse({ tagIds: [A, A, B] }).tagIds).toEqual([A, B]);
  });

  it('limits: 20 tags per list, N from 1 to 365 whole days, never in and out, known fields only', () => {
    const ids = (n: number) =>
      Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(errors({ tagIds: ids(20) })).toEqual({});
    expect(errors({ tagIds: ids(21) }).tagIds).toEqual([AUDIENCE_MESSAGES.tooManyTags]);
    expect(errors({ excludeTagIds: ids(21) }).excludeTagIds).toEqual([
      AUDIENCE_MESSAGES.tooManyTags,
    ]);
    expect(errors({ wroteWithinDays: 1 })).toEqual({});
    expect(errors({ wroteWithinDays: 365 })).toEqual({});
    for (const bad of [0, 366, 1.5, -1, '7'])
      expect(errors({ wroteWithinDays: bad }).wroteWithinDays).toEqual([
        AUDIENCE_MESSAGES.daysInvalid,
      ]);
    expect(errors({ tagIds: [A], excludeTagIds: [A] }).excludeTagIds).toEqual([
      AUDIENCE_MESSAGES.includedAndExcluded,
    ]);
    expect(errors({ tagIds: ['x'] }).tagIds).toEqual([AUDIENCE_MESSAGES.tagInvalid]);
    expect(errors({ match: 'some' }).match).toHaveLength(1);
    expect(CampaignAudience.safeParse({ tags: [A] }).success).toBe(false);
  });

  it('reads the preview query parameter as JSON with the same rules', () => {
    expect(AudienceQueryParam.parse(JSON.stringify({ tagIds: [A], match: 'all' }))).toMatchObject({
      tagIds: [A],
      match: 'all',
    });
    expect(AudienceQueryParam.safeParse('{no').success).toBe(false);
    expect(AudienceQueryParam.safeParse(JSON.stringify({ wroteWithinDays: 0 })).success).toBe(
      false,
    );
  });

  it("the form sends 'All users' and one tag as tagId, anything else as the audience", () => {
    const form = makeCampaignFormSchema(() => new Date('2026-11-21T10:00:00Z'));
    const base = {
      campaignName: 'Winter sale',
      campaignDescription: 'For buyers',
      dateTime: new Date('2026-11-21T11:00:00Z'),
      message: 'The sale is on',
    };
    const send = (extra: object) => toCreateCampaignBody(form.parse({ ...base, ...extra }), '42');
    expect(send({})).toMatchObject({ tagId: null, audience: null, type: 'PROMOTION' });
    expect(send({ selectedTag: A })).toMatchObject({ tagId: A, audience: null });
    expect(send({ audience: { tagIds: [A] } })).toMatchObject({ tagId: A, audience: null });
    expect(send({ audience: { tagIds: [A, B], match: 'all' } })).toMatchObject({
      tagId: null,
      audience: { tagIds: [A, B], match: 'all' },
    });
    expect(send({ audience: { wroteWithinDays: 7 } })).toMatchObject({
      tagId: null,
      audience: { wroteWithinDays: 7 },
    });
  });
});
