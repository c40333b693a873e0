import { describe, expect, it } from 'vitest';
import {
  createCampaignBodySchema,
  hasPlaceholders,
  longestRendering,
  makeCampaignFormSchema,
  MARKETING_TEXT_MAX,
  MESSENGER_TEXT_MAX,
  placeholderError,
  PLACEHOLDER_MESSAGES,
  PLAUSIBLE_NAME_MAX,
  namesOf,
  renderPlaceholders,
  unknownPlaceholders,
} from '../src';

const ada = { firstName: 'Ada', lastName: 'Lovelace' };
const nameless = { firstName: null, lastName: '  ' };

describe('renderPlaceholders', () => {
  it.each([
    ['Hi {first_name}!', ada, 'Hi Ada!'],
    ['Hi {first_name} {last_name}', ada, 'Hi Ada Lovelace'],
    ['Hi {First_Name}', ada, 'Hi Ada'],
    ['Hi {{first_name}}', ada, 'Hi Ada'],
    ['Hi { first_name }', ada, 'Hi Ada'],
    ['Hi {first_name|friend}', ada, 'Hi Ada'],
    ['Hi {first_name|friend}', nameless, 'Hi friend'],
    ['Hi {first_name}', nameless, 'Hi there'],
    ['Dear {last_name|customer}', nameless, 'Dear customer'],
    ['Dear Ms {last_name}.', nameless, 'Dear Ms .'],
    ['Hi {first_name|}!', nameless, 'Hi !'],
    ['{50% off} for {first_name}', ada, '{50% off} for Ada'],
    ['{order_ref} stays', ada, '{order_ref} stays'],
  ])('%s', (text, contact, expected) => {
    expect(renderPlaceholders(text, contact)).toBe(expected);
  });

  it('fills every occurrence', () => {
    expect(renderPlaceholders('{first_name}, {first_name}!', ada)).toBe('Ada, Ada!');
  });
});

describe('placeholder rules', () => {
  it('lists unknown placeholders once each, not braces of plain text', () => {
    expect(unknownPlaceholders('{order_ref} {order_ref} {{city}} {50% off} {first_name}')).toEqual([
      '{order_ref}',
      '{{city}}',
    ]);
    expect(hasPlaceholders('Hi {last_name|x}')).toBe(true);
    expect(hasPlaceholders('Hi {order_ref}')).toBe(false);
  });

  it('measures the text with the longest plausible names', () => {
    expect(longestRendering('{first_name}{last_name}')).toBe(2 * PLAUSIBLE_NAME_MAX);
  });

  it('refuses an unknown placeholder, and a text long names would push past the limit', () => {
    expect(placeholderError('Hi {nickname}')).toBe(PLACEHOLDER_MESSAGES.unknown(['{nickname}']));
    const many = '{first_name}'.repeat(40); // 480 characters, 2,000 once filled with 50-letter names
    expect(placeholderError(many)).toBeUndefined();
    expect(placeholderError(`${many}{first_name}`)).toBe(
      PLACEHOLDER_MESSAGES.tooLong(MESSENGER_TEXT_MAX),
    );
    const some = '{first_name} '.repeat(13); // 13 x 51 = 663 once filled
    expect(placeholderError(some)).toBeUndefined();
    expect(placeholderError(some, MARKETING_TEXT_MAX)).toBe(
      PLACEHOLDER_MESSAGES.tooLong(MARKETING_TEXT_MAX),
    );
  });
});

/** A failed parse's messages by field (the creation schema's preprocess hides its field names from the type). */
const fieldErrors = (r: { error?: { flatten: () => { fieldErrors: object } } }) =>
  (r.error?.flatten().fieldErrors ?? {}) as Record<string, string[] | undefined>;

describe('campaign rules read the placeholders', () => {
  const body = {
    name: 'Spring',
    description: 'Spring sale',
    pageId: '123',
    time: new Date(Date.now() + 3_600_000).toISOString(),
    type: 'ACCOUNT_UPDATE',
  };
  it('the creation payload: under msg, with the marketing limit when marketing', () => {
    const bad = createCampaignBodySchema.safeParse({ ...body, msg: 'Hi {nick}' });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad)['msg']).toEqual([PLACEHOLDER_MESSAGES.unknown(['{nick}'])]);
    expect(createCampaignBodySchema.safeParse({ ...body, msg: 'Hi {first_name}' }).success).toBe(
      true,
    );
    const long = '{first_name} '.repeat(13);
    expect(createCampaignBodySchema.safeParse({ ...body, msg: long }).success).toBe(true);
    const marketing = createCampaignBodySchema.safeParse({ ...body, msg: long, marketing: true });
    expect(fieldErrors(marketing)['msg']).toEqual([
      PLACEHOLDER_MESSAGES.tooLong(MARKETING_TEXT_MAX),
    ]);
  });
  it('the form: under message', () => {
    const parsed = makeCampaignFormSchema().safeParse({
      campaignName: 'Spring',
      campaignDescription: 'Spring sale',
      dateTime: new Date(Date.now() + 3_600_000),
      message: 'Hello {nick}',
      contentType: 'ACCOUNT_UPDATE',
    });
    expect(fieldErrors(parsed)['message']).toEqual([PLACEHOLDER_MESSAGES.unknown(['{nick}'])]);
  });
});

describe('namesOf', () => {
  it('splits a display name into the first word and the rest', () => {
    expect(namesOf('  Ana María  Lopez ')).toEqual({ firstName: 'Ana', lastName: 'María Lopez' });
    expect(namesOf('Cher')).toEqual({ firstName: 'Cher', lastName: null });
    expect(namesOf('')).toEqual({ firstName: null, lastName: null });
    expect(namesOf(null)).toEqual({ firstName: null, lastName: null });
  });
});
