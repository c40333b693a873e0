import type { ClientInferRequest } from '@ts-rest/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AUDIENCE_MESSAGES,
  BUTTON_MESSAGES,
  IMAGE_MESSAGES,
  CAMPAIGN_FIELD_TO_FORM,
  CAMPAIGN_MESSAGES as M,
  createCampaignBodySchema,
  dateTimeError,
  MAX_SCHEDULE_AHEAD_MS,
  makeCampaignFormSchema,
  makeCreateCampaignBodySchema,
  MARKETING_TEXT_MAX,
  PLACEHOLDER_MESSAGES,
  startOfMinute,
  testCampaignMessageBodySchema,
  PURPOSE_MESSAGES,
  toCreateCampaignBody,
  type contract,
  type CreateCampaignBody,
} from '../src';

const now = new Date('2026-11-21T10:30:45.500Z');
const form = makeCampaignFormSchema(() => now);
const body = makeCreateCampaignBodySchema(() => now);
const valid = {
  campaignName: 'Black Friday',
  campaignDescription: 'Weekend offer',
  selectedTag: '',
  dateTime: '2026-11-21T10:30:00.000Z',
  message: 'Hello there',
  contentType: 'POST_PURCHASE_UPDATE',
};
const formErrors = (values: Record<string, unknown>) => {
  const r = form.safeParse(values);
  return r.success ? {} : r.error.flatten().fieldErrors;
};

describe('campaign form rules (spec §5)', () => {
  it('accepts a valid form (a time in the current minute is not in the past)', () => {
    expect(form.safeParse(valid).success).toBe(true);
  });
  it('campaign name: required, min 3', () => {
    expect(formErrors({ ...valid, campaignName: '' }).campaignName).toEqual([
      'Campaign name is required',
    ]);
    expect(formErrors({ ...valid, campaignName: undefined }).campaignName).toEqual([
      'Campaign name is required',
    ]);
    expect(formErrors({ ...valid, campaignName: 'ab' }).campaignName).toEqual([
      'Campaign name must be at least 3 characters',
    ]);
  });
  it('description: required, min 3, max 200', () => {
    expect(formErrors({ ...valid, campaignDescription: '' }).campaignDescription).toEqual([
      'Campaign description is required',
    ]);
    expect(formErrors({ ...valid, campaignDescription: 'ab' }).campaignDescription).toEqual([
      'Description must be at least 3 characters',
    ]);
    expect(
      formErrors({ ...valid, campaignDescription: 'd'.repeat(201) }).campaignDescription,
    ).toEqual(['Description cannot exceed 200 characters']);
    expect(
      formErrors({ ...valid, campaignDescription: 'd'.repeat(200) }).campaignDescription,
    ).toBeUndefined();
  });
  it('date and time: required, not before the current minute, valid', () => {
    expect(formErrors({ ...valid, dateTime: '' }).dateTime).toEqual(['Date and time is required']);
    expect(formErrors({ ...valid, dateTime: undefined }).dateTime).toEqual([
      'Date and time is required',
    ]);
    expect(formErrors({ ...valid, dateTime: '2026-11-21T10:29:59.999Z' }).dateTime).toEqual([
      'Scheduled time cannot be in past',
    ]);
    expect(formErrors({ ...valid, dateTime: 'tomorrow-ish' }).dateTime).toEqual([
      'Invalid date time',
    ]);
    expect(formErrors({ ...valid, dateTime: 12 }).dateTime).toEqual(['Invalid date time']);
  });
  it('message: required, min 3, max 500', () => {
    expect(formErrors({ ...valid, message: '' }).message).toEqual(['Message is required']);
    expect(formErrors({ ...valid, message: 'hi' }).message).toEqual([
      'Message must be at least 3 characters',
    ]);
    expect(formErrors({ ...valid, message: 'm'.repeat(501) }).message).toEqual([
      'Message cannot exceed 500 characters',
    ]);
    expect(formErrors({ ...valid, message: 'm'.repeat(500) }).message).toBeUndefined();
  });
  it('purpose (spec §10.8): optional, a promotion by default, else one of the four', () => {
    expect(form.parse({ ...valid, contentType: '' }).contentType).toBe('PROMOTION');
    expect(form.parse({ ...valid, contentType: undefined }).contentType).toBe('PROMOTION');
    expect(form.parse({ ...valid, contentType: 'ACCOUNT_UPDATE' }).contentType).toBe(
      'ACCOUNT_UPDATE',
    );
    expect(formErrors({ ...valid, contentType: 'HUMAN_AGENT' }).contentType).toEqual([
      PURPOSE_MESSAGES.invalid,
    ]);
  });
  it('tag is optional', () => {
    const { selectedTag: _omit, ...rest } = valid;
    expect(form.safeParse(rest).success).toBe(true);
  });
});

describe('campaign creation body (server)', () => {
  it('maps the form to the spec payload with tagId null for all users', () => {
    const values = form.parse(valid);
    const payload = toCreateCampaignBody(values, '42');
    expect(payload).toEqual({
      name: 'Black Friday',
      description: 'Weekend offer',
      pageId: '42',
      tagId: null,
      audience: null,
      time: '2026-11-21T10:30:00.000Z',
      type: 'POST_PURCHASE_UPDATE',
      msg: 'Hello there',
      templateId: null,
      templateParams: {},
      reachableOnly: true,
      deliverOnReturnDays: null,
      returnDelayMinutes: 30,
      marketing: false,
      buttons: [],
      imageUrl: null,
      sendNow: false,
    });
    expect(body.safeParse(payload).success).toBe(true);
  });

  it("'Send now' takes the server's time: a browser's now from the minute before is not refused", () => {
    // The form followed the clock; the browser's now is 10:29:59.9, the server's 10:30:45.5.
    const values = form.parse({ ...valid, sendNow: true });
    const payload = { ...toCreateCampaignBody(values, '42'), time: '2026-11-21T10:29:59.900Z' };
    expect(payload.sendNow).toBe(true);
    const sent = body.safeParse(payload);
    expect(sent.success && sent.data.time).toBe(now.toISOString());
    // Without it, the same time is in the past; and 'Send now' does not hide the other fields' errors.
    expect(body.safeParse({ ...payload, sendNow: false }).error?.flatten().fieldErrors).toEqual({
      time: ['Scheduled time cannot be in past'],
    });
    const bad = body.safeParse({ ...payload, name: 'ab', time: 'garbage' });
    expect(bad.error?.flatten().fieldErrors).toEqual({
      name: ['Campaign name must be at least 3 characters'],
    });
  });

  it('deliver on return needs everyone in the audience: the payload turns reachableOnly off for it', () => {
    const values = form.parse({ ...valid, deliverOnReturnDays: 7 });
    const payload = toCreateCampaignBody(values, '42');
    expect(payload).toMatchObject({ reachableOnly: false, deliverOnReturnDays: 7 });
    expect(body.safeParse(payload).success).toBe(true);
    const both = body.safeParse({ ...payload, reachableOnly: true });
    expect(both.success).toBe(false);
    expect(both.success ? {} : both.error.flatten().fieldErrors).toEqual({
      deliverOnReturnDays: [M.returnNeedsEveryone],
    });
  });
  it('answers the same messages on the server field names', () => {
    const r = body.safeParse({
      name: 'ab',
      description: '',
      pageId: '42',
      tagId: 'nope',
      time: '2020-01-01T00:00:00Z',
      type: 'HUMAN_AGENT',
      msg: 'm'.repeat(501),
    });
    expect(r.success).toBe(false);
    const e = r.success ? {} : r.error.flatten().fieldErrors;
    expect(e).toMatchObject({
      name: ['Campaign name must be at least 3 characters'],
      description: ['Campaign description is required'],
      tagId: ['Tag must be a valid tag id'],
      time: ['Scheduled time cannot be in past'],
      type: [PURPOSE_MESSAGES.invalid],
      msg: ['Message cannot exceed 500 characters'],
    });
    for (const field of Object.keys(e)) expect(CAMPAIGN_FIELD_TO_FORM[field]).toBeDefined();
  });
  it('truncates to the minute in UTC', () => {
    expect(startOfMinute(now).toISOString()).toBe('2026-11-21T10:30:00.000Z');
    expect(dateTimeError(new Date('2026-11-21T10:30:00.000Z'), now)).toBeUndefined();
  });
  it('refuses a time more than a year ahead, the extended-year ISO maximum included', () => {
    expect(dateTimeError('2027-11-20T10:30:00.000Z', now)).toBeUndefined();
    expect(dateTimeError('2027-11-23T10:30:00.000Z', now)).toBe(
      'Scheduled time must be within the next 12 months',
    );
    expect(dateTimeError('+275760-09-13T00:00:00.000Z', now)).toBe(
      'Scheduled time must be within the next 12 months',
    );
    expect(dateTimeError('+275760-09-13T00:00:00.001Z', now)).toBe('Invalid date time');
  });
});

// Both sides of each boundary and the server body's defaults: what a mutation run found unpinned.
describe('campaign rules at their edges', () => {
  // Built in each test, not while the file is collected: a mutant that breaks the form must fail a test,
  // not empty the file.
  const payloadOf = () => toCreateCampaignBody(form.parse(valid), '42');
  const bodyErrors = (values: Record<string, unknown>): Record<string, string[] | undefined> => {
    const r = body.safeParse(values);
    return r.success ? {} : r.error.flatten().fieldErrors;
  };

  it('a time exactly a year and a day ahead is allowed, a millisecond more is not', () => {
    const edge = new Date(now.getTime() + MAX_SCHEDULE_AHEAD_MS);
    expect(dateTimeError(edge, now)).toBeUndefined();
    expect(dateTimeError(new Date(edge.getTime() + 1), now)).toBe(M.dateTimeTooFar);
    expect(dateTimeError(null, now)).toBe(M.dateTimeRequired);
    expect(dateTimeError(42, now)).toBe(M.dateTimeInvalid);
  });

  it('a name of exactly the minimum length passes; blanks count as nothing; the value is trimmed', () => {
    expect(formErrors({ ...valid, campaignName: 'abc' }).campaignName).toBeUndefined();
    expect(formErrors({ ...valid, campaignName: '  ab  ' }).campaignName).toEqual([M.nameTooShort]);
    expect(formErrors({ ...valid, campaignName: '     ' }).campaignName).toEqual([M.nameRequired]);
    expect(form.parse({ ...valid, campaignName: '  Black Friday  ' }).campaignName).toBe(
      'Black Friday',
    );
  });

  it('a purpose that is not text is invalid', () => {
    expect(formErrors({ ...valid, contentType: 42 }).contentType).toEqual([
      PURPOSE_MESSAGES.invalid,
    ]);
  });

  it.each(['abc123', '123abc', '', '1'.repeat(33)])('refuses the page id %j', (pageId) => {
    expect(bodyErrors({ ...payloadOf(), pageId }).pageId).toEqual(['Invalid page id']);
  });

  it('names a missing page, a bad template id and a bad return delay', () => {
    const payload = payloadOf();
    const { pageId: _omit, ...noPage } = payload;
    expect(bodyErrors(noPage).pageId).toEqual([M.pageRequired]);
    expect(bodyErrors({ ...payload, templateId: 'nope' }).templateId).toEqual([
      'Template must be a valid template id',
    ]);
    expect(bodyErrors({ ...payload, deliverOnReturnDays: 'x' }).deliverOnReturnDays).toEqual([
      M.returnDaysInvalid,
    ]);
  });

  it('the server body defaults: scheduled, everyone, no marketing, no template, no return', () => {
    const { sendNow: _s, reachableOnly: _r, marketing: _m, ...rest } = payloadOf();
    const r = body.parse({
      ...rest,
      tagId: undefined,
      templateId: undefined,
      templateParams: undefined,
      deliverOnReturnDays: undefined,
    });
    expect(r).toMatchObject({
      sendNow: false,
      reachableOnly: false,
      marketing: false,
      tagId: null,
      templateId: null,
      templateParams: {},
      deliverOnReturnDays: null,
    });
  });

  it("the form's tag defaults to none (everyone), and the default server body sends now at the server's time", () => {
    const { selectedTag: _t, ...noTag } = valid;
    expect(form.parse(noTag).selectedTag).toBe('');
    const before = Date.now();
    const sent = createCampaignBodySchema.parse({ ...payloadOf(), sendNow: true });
    expect(new Date(sent.time).getTime()).toBeGreaterThanOrEqual(before);
  });

  it("the sendNow step keeps the body's type: the typed clients send a CreateCampaignBody", () => {
    type Sent = ClientInferRequest<typeof contract.campaigns.createCampaign>['body'];
    expectTypeOf<Sent>().toEqualTypeOf<CreateCampaignBody>();
    expectTypeOf<Sent>().not.toBeUnknown();
    expectTypeOf<Sent>().toHaveProperty('sendNow').toEqualTypeOf<boolean | undefined>();
  });

  it('a body that is not an object is refused, not thrown on', () => {
    expect(body.safeParse(null).success).toBe(false);
    expect(body.safeParse(undefined).success).toBe(false);
  });

  it('maps every server field back to its form field', () => {
    expect(CAMPAIGN_FIELD_TO_FORM).toEqual({
      name: 'campaignName',
      description: 'campaignDescription',
      tagId: 'selectedTag',
      audience: 'audience',
      time: 'dateTime',
      type: 'contentType',
      msg: 'message',
      templateId: 'templateId',
      templateParams: 'templateParams',
      reachableOnly: 'reachableOnly',
      deliverOnReturnDays: 'deliverOnReturnDays',
      returnDelayMinutes: 'returnDelayMinutes',
      marketing: 'marketing',
      buttons: 'buttons',
      imageUrl: 'imageUrl',
    });
  });

  it('image: optional; an https address of a .jpg, .jpeg, .png or .gif file', () => {
    const formErrors = (imageUrl: unknown) =>
      form.safeParse({ ...valid, imageUrl }).error?.flatten().fieldErrors.imageUrl;
    expect(form.parse(valid).imageUrl).toBe('');
    expect(formErrors('')).toBeUndefined();
    for (const url of [
      'https://cdn.example.com/sale.jpg',
      'https://cdn.example.com/a/b/SALE.JPEG?v=2',
      'https://cdn.example.com/sale.png',
      'https://cdn.example.com/sale.gif#x',
    ])
      expect(formErrors(url)).toBeUndefined();
    for (const url of ['http://cdn.example.com/sale.jpg', 'cdn.example.com/sale.jpg', 'https://'])
      expect(formErrors(url)).toEqual([IMAGE_MESSAGES.urlInvalid]);
    for (const url of [
      'https://cdn.example.com/sale.pdf',
      'https://cdn.example.com/sale',
      'https://cdn.example.com/sale.jpg.html',
      'https://cdn.example.com/page?file=sale.jpg',
    ])
      expect(formErrors(url)).toEqual([IMAGE_MESSAGES.typeInvalid]);
    expect(formErrors(`https://cdn.example.com/${'x'.repeat(2000)}.png`)).toEqual([
      IMAGE_MESSAGES.urlInvalid,
    ]);
    // The server's body: null = none; the form's '' becomes null.
    const values = form.parse({ ...valid, imageUrl: 'https://cdn.example.com/sale.png' });
    const payload = toCreateCampaignBody(values, '42');
    expect(payload.imageUrl).toBe('https://cdn.example.com/sale.png');
    expect(body.parse(payload).imageUrl).toBe('https://cdn.example.com/sale.png');
    expect(body.parse({ ...payload, imageUrl: null }).imageUrl).toBeNull();
    expect(body.safeParse({ ...payload, imageUrl: 'http://x.example/a.png' }).success).toBe(false);
  });

  it('image: the address is whole, parseable, at most 2,000 characters, and trimmed', () => {
    const formErrors = (imageUrl: unknown) =>
      form.safeParse({ ...valid, imageUrl }).error?.flatten().fieldErrors.imageUrl;
    for (const url of [
      'xhttps://cdn.example.com/sale.png',
      'https://cdn.example.com/a b.png',
      'https://[cdn.example.com/sale.png',
    ])
      expect(formErrors(url)).toEqual([IMAGE_MESSAGES.urlInvalid]);
    const prefix = 'https://cdn.example.com/';
    const longest = `${prefix}${'x'.repeat(2000 - prefix.length - '.png'.length)}.png`;
    expect(longest).toHaveLength(2000);
    expect(formErrors(longest)).toBeUndefined();
    expect(formErrors(`${longest.slice(0, -4)}x.png`)).toEqual([IMAGE_MESSAGES.urlInvalid]);
    const padded = '  https://cdn.example.com/sale.png ';
    expect(form.parse({ ...valid, imageUrl: padded }).imageUrl).toBe(padded.trim());
    const payload = toCreateCampaignBody(form.parse(valid), '42');
    expect(body.parse({ ...payload, imageUrl: padded }).imageUrl).toBe(padded.trim());
    // The test send to the admin takes the same image rule.
    expect(
      testCampaignMessageBodySchema.parse({ msg: 'Hello there', imageUrl: padded }).imageUrl,
    ).toBe(padded.trim());
    expect(
      testCampaignMessageBodySchema.safeParse({
        msg: 'Hello there',
        imageUrl: 'https://x.example/a.pdf',
      }).success,
    ).toBe(false);
  });

  it('link buttons: at most three, a title of 1 to 20 characters, an https link', () => {
    const ok = { title: 'See the menu', url: 'https://example.com/menu' };
    const errorsOf = (buttons: unknown) =>
      form.safeParse({ ...valid, buttons }).error?.flatten().fieldErrors.buttons;
    expect(errorsOf([ok, ok, ok])).toBeUndefined();
    expect(errorsOf([ok, ok, ok, ok])).toEqual([BUTTON_MESSAGES.tooMany]);
    expect(errorsOf([{ ...ok, title: ' ' }])).toEqual([BUTTON_MESSAGES.titleRequired]);
    expect(errorsOf([{ ...ok, title: 'x'.repeat(21) }])).toEqual([BUTTON_MESSAGES.titleTooLong]);
    for (const url of ['http://example.com', 'example.com', 'https://', 'javascript:alert(1)'])
      expect(errorsOf([{ ...ok, url }])).toEqual([BUTTON_MESSAGES.urlInvalid]);
  });
});

// The rules this round added to campaign-rules.ts (purpose, return delay, link buttons, the test send's
// message, placeholders against the path's length, one audience at a time), at their edges.
describe('campaign rules added with the review, the audience and deliver on return', () => {
  // Built in each test, not while the file is collected (a mutant that throws there would hide the file).
  const base = () => toCreateCampaignBody(form.parse(valid), '42');
  const bodyErrors = (values: Record<string, unknown>): Record<string, string[] | undefined> => {
    const r = body.safeParse(values);
    return r.success ? {} : r.error.flatten().fieldErrors;
  };
  // 480 characters as written; filled with 50-character names, past 640 but under 2,000.
  const nameHeavy = `${'x'.repeat(300)}${'{first_name}'.repeat(15)}`;

  it('purpose: null reads as a promotion', () => {
    expect(form.parse({ ...valid, contentType: null }).contentType).toBe('PROMOTION');
  });

  it('return delay: a number of minutes, else its own message', () => {
    expect(
      bodyErrors({ ...base(), deliverOnReturnDays: 3, returnDelayMinutes: 'soon' })
        .returnDelayMinutes,
    ).toEqual([M.returnDelayInvalid]);
    expect(body.parse({ ...base(), returnDelayMinutes: 60 }).returnDelayMinutes).toBe(60);
  });

  it('link buttons: the link is trimmed, and must be a whole https link from its first character', () => {
    const one = (url: string) => [{ title: 'Menu', url }];
    expect(body.parse({ ...base(), buttons: one('  https://example.com/menu  ') }).buttons).toEqual(
      [{ title: 'Menu', url: 'https://example.com/menu' }],
    );
    for (const url of ['see https://example.com/menu', 'https://example.com/a b'])
      expect(bodyErrors({ ...base(), buttons: one(url) })['buttons'], url).toBeDefined();
  });

  it('placeholders: buttons, like marketing, hold the text to 640 characters once names are filled', () => {
    expect(bodyErrors({ ...base(), msg: nameHeavy }).msg).toBeUndefined();
    expect(
      bodyErrors({ ...base(), msg: nameHeavy, buttons: [{ title: 'Menu', url: 'https://e.com' }] })
        .msg,
    ).toEqual([PLACEHOLDER_MESSAGES.tooLong(MARKETING_TEXT_MAX)]);
  });

  it("the test send's message: required, and its placeholders checked like the campaign's", () => {
    expect(testCampaignMessageBodySchema.safeParse({ msg: 'Hi {first_name}!' }).success).toBe(true);
    const unknown = testCampaignMessageBodySchema.safeParse({ msg: 'Hi {nick}!' });
    expect(unknown.success ? {} : unknown.error.flatten().fieldErrors).toEqual({
      msg: [PLACEHOLDER_MESSAGES.unknown(['{nick}'])],
    });
    expect(testCampaignMessageBodySchema.safeParse({}).success).toBe(false);
  });

  it('a tag or an audience, never both', () => {
    const tagId = '11111111-1111-4111-8111-111111111111';
    const audience = { tagIds: [tagId], excludeTagIds: [], match: 'any' };
    expect(bodyErrors({ ...base(), tagId }).audience).toBeUndefined();
    expect(bodyErrors({ ...base(), audience }).audience).toBeUndefined();
    expect(bodyErrors({ ...base(), tagId, audience }).audience).toEqual([
      AUDIENCE_MESSAGES.tagAndAudience,
    ]);
  });
});
