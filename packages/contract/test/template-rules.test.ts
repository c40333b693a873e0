import { describe, expect, it } from 'vitest';
import {
  createTemplateBodySchema,
  MessageTemplate,
  NAME_FALLBACK,
  renderTemplate,
  TEMPLATE_LANGUAGES,
  TEMPLATE_MESSAGES as M,
  TEMPLATE_STATUSES,
  TemplateButton,
  templateBodyError,
  templateLanguageLabel,
  TemplateParamMap,
  templateParamMapError,
  TemplateParamSource,
  templateParameterFormat,
  templateParams,
  templateParamValue,
  templateStatusOf,
  templateWordCount,
} from '../src';

describe('utility template parameters', () => {
  it.each([
    [
      'named, once each in order of first use',
      'Hi {{first_name}}, {{ order_ref }} for {{first_name}}',
      ['first_name', 'order_ref'],
    ],
    [
      'positional, in number order whatever the text order',
      'Order {{2}} is ready for {{1}}, see {{2}} now',
      ['1', '2'],
    ],
    ['positional past 9, by number not by text', 'a {{10}} b {{2}} c {{1}} d', ['1', '2', '10']],
    ['none', 'No parameters', []],
  ])('reads the parameters: %s', (_case, body, params) => {
    expect(templateParams(body)).toEqual(params);
  });

  it.each([
    [['first_name', 'order_ref'], 'NAMED'],
    [['1', '2'], 'POSITIONAL'],
    [[], 'POSITIONAL'],
    [['first_name', '1'], 'POSITIONAL'],
  ] as const)('the format of %j is %s (POSITIONAL is Meta’s default)', (params, format) => {
    expect(templateParameterFormat(params)).toBe(format);
  });

  it.each([
    ['Hi {{first_name}}, your order has shipped.', 5],
    ['Hi {{1}} , {{2}} !', 1],
    ['  ', 0],
    ['Ваш заказ {{1}} готов', 3],
    ['a{{1}}b', 2],
  ])('counts the words that are not parameters in %j', (body, words) => {
    expect(templateWordCount(body)).toBe(words);
  });

  it('renders what the contact reads, named or positional; unknown parameters stay visible', () => {
    expect(renderTemplate('Hi {{first_name}}, {{x}}', { first_name: 'Ana' })).toBe('Hi Ana, {{x}}');
    expect(renderTemplate('Hi {{1}}, order {{ 2 }}.', { '1': 'Ana', '2': 'A-1' })).toBe(
      'Hi Ana, order A-1.',
    );
  });
});

describe('utility template body rules', () => {
  const ok =
    'Hi {{first_name}}, your order {{order_ref}} has shipped. Reply here with any question.';
  it.each([
    ['empty', '  ', M.bodyRequired],
    ['1025 characters', `Hello ${'x'.repeat(1019)}`, M.bodyTooLong],
    ['a name with a space', 'Hi {{First Name}}, welcome back to our shop today.', M.paramInvalid],
    [
      'a name starting with a digit',
      'Hi {{2bad}}, welcome back to our shop today.',
      M.paramInvalid,
    ],
    [
      'a number with a leading zero',
      'Hi {{01}}, your order has shipped to you today.',
      M.paramInvalid,
    ],
    [
      'a name with a trailing character',
      'Hi {{first_name!}}, welcome back to our shop today.',
      M.paramInvalid,
    ],
    [
      'one good and one bad name',
      'Hi {{first_name}}, {{2bad}} welcome back to our shop today.',
      M.paramInvalid,
    ],
    [
      'an unclosed placeholder',
      'Hi {{first_name}, welcome back to our shop today.',
      M.paramInvalid,
    ],
    ['stray closing braces', 'Hi }} there, welcome back to our shop today.', M.paramInvalid],
    [
      'named and numbered together',
      'Hi {{first_name}}, order {{1}} has shipped to you today.',
      M.paramMixed,
    ],
    [
      'numbered and named together',
      'Hi {{1}}, order {{order_ref}} has shipped to you today.',
      M.paramMixed,
    ],
    ['numbering from 2', 'Hi {{2}}, your order has shipped to you today.', M.paramSequence],
    [
      'a gap in the numbering',
      'Hi {{1}}, order {{3}} has shipped to you today, thanks.',
      M.paramSequence,
    ],
    [
      'starting with a parameter',
      '{{first_name}}, your order has shipped to you today.',
      M.paramDangling,
    ],
    [
      'ending with a parameter',
      'Your order has shipped to you today, {{first_name}}',
      M.paramDangling,
    ],
    [
      'starting with a numbered parameter',
      '{{1}} your order has shipped to you today.',
      M.paramDangling,
    ],
    [
      'ending with a numbered parameter',
      'Your order has shipped to you today {{1}}',
      M.paramDangling,
    ],
    ['too few words for one parameter', 'Hi {{first_name}}!', M.paramRatio(1, 3, 1)],
    ['too few words for two parameters', 'Hi {{1}}, order {{2}} shipped.', M.paramRatio(2, 5, 3)],
    ['repeats count as parameters', 'Hi {{1}} and {{1}} and {{1}} ok', M.paramRatio(3, 7, 4)],
  ])('refuses %s', (_case, body, message) => {
    expect(templateBodyError(body)).toBe(message);
  });

  it.each([
    ['named', ok],
    ['positional', 'Hi {{1}}, your order {{2}} has shipped. Reply here with any question.'],
    ['exactly 1024 characters', `Hello ${'x'.repeat(1018)}`],
    ['no parameters', 'Your order has shipped.'],
    ['a parameter followed by punctuation at the end', 'Your order has shipped to {{first_name}}.'],
    ['exactly the words one parameter needs', 'Hi {{first_name}}, welcome back.'],
  ])('accepts %s', (_case, body) => {
    expect(templateBodyError(body)).toBeUndefined();
  });

  it('names the exact figures of the ratio in its message', () => {
    expect(M.paramRatio(2, 5, 3)).toBe(
      'Too many parameters for the length of the text: with 2 parameters Meta wants at least 5 other words (this text has 3). Add words or remove parameters.',
    );
    expect(M.paramRatio(1, 3, 1)).toContain('with 1 parameter Meta');
  });
});

describe('a campaign’s parameter mapping', () => {
  it('fills every named parameter exactly once', () => {
    const params = ['first_name', 'order_ref'];
    expect(
      templateParamMapError(params, {
        first_name: { source: 'first_name' },
        order_ref: { source: 'text', text: 'A-1' },
      }),
    ).toBeUndefined();
    expect(templateParamMapError(params, { first_name: { source: 'first_name' } })).toBe(
      `${M.paramMissing} {{order_ref}}`,
    );
    expect(templateParamMapError([], { extra: { source: 'last_name' } })).toBe(
      `${M.paramUnknown} {{extra}}`,
    );
    expect(templateParamMapError(params, {})).toBe(
      `${M.paramMissing} {{first_name}}, {{order_ref}}`,
    );
    expect(
      templateParamMapError([], { a: { source: 'last_name' }, b: { source: 'first_name' } }),
    ).toBe(`${M.paramUnknown} {{a}}, {{b}}`);
  });

  it.each([
    [{ source: 'first_name' }, true, undefined],
    [{ source: 'last_name' }, true, undefined],
    [{ source: 'text', text: ' A-1 ' }, true, undefined],
    [{ source: 'text', text: '  ' }, false, M.paramTextRequired],
    [{ source: 'text', text: 'x'.repeat(201) }, false, M.paramTextTooLong],
    [{ source: 'full_name' }, false, undefined],
    [{}, false, undefined],
  ])('a parameter source %j is valid: %s', (source, ok, message) => {
    const r = TemplateParamSource.safeParse(source);
    expect(r.success).toBe(ok);
    if (message) expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual([message]);
    if (r.success && r.data.source === 'text') expect(r.data.text).toBe('A-1');
  });

  it('fills positional parameters by position', () => {
    const params = ['1', '2'];
    expect(
      templateParamMapError(params, {
        '1': { source: 'first_name' },
        '2': { source: 'text', text: 'A-1' },
      }),
    ).toBeUndefined();
    expect(templateParamMapError(params, { '1': { source: 'first_name' } })).toBe(
      `${M.paramMissing} {{2}}`,
    );
  });

  it.each([
    ['first_name', true],
    ['order_ref', true],
    ['1', true],
    ['12', true],
    ['0', false],
    ['01', false],
    ['1a', false],
    ['First', false],
    ['first_name!', false],
    ['', false],
  ])('accepts %j as a mapping key: %s', (key, accepted) => {
    expect(TemplateParamMap.safeParse({ [key]: { source: 'first_name' } }).success).toBe(accepted);
  });

  it.each([
    [{ source: 'first_name' }, 'Ana'],
    [{ source: 'last_name' }, 'Lopez'],
    [{ source: 'text', text: 'A-1' }, 'A-1'],
  ] as const)('fills %j from the contact', (source, value) => {
    expect(templateParamValue(source, { firstName: ' Ana ', lastName: 'Lopez' })).toBe(value);
  });

  it('a contact without the name gets "there", never an empty parameter', () => {
    const nameless = { firstName: null, lastName: '  ' };
    expect(NAME_FALLBACK).toBe('there');
    expect(templateParamValue({ source: 'first_name' }, nameless)).toBe('there');
    expect(templateParamValue({ source: 'last_name' }, nameless)).toBe('there');
    expect(templateParamValue({ source: 'last_name' }, { firstName: 'Ana', lastName: null })).toBe(
      'there',
    );
  });
});

describe('template statuses', () => {
  it('holds Meta’s ten statuses', () => {
    expect([...TEMPLATE_STATUSES].sort()).toEqual(
      [
        'approved',
        'archived',
        'deleted',
        'disabled',
        'in_appeal',
        'limit_exceeded',
        'paused',
        'pending',
        'pending_deletion',
        'rejected',
      ].sort(),
    );
  });

  it.each([
    ['APPROVED', 'approved'],
    ['DELETED', 'deleted'],
    ['PENDING_DELETION', 'pending_deletion'],
    ['PAUSED', 'paused'],
    ['DISABLED', 'disabled'],
    ['LIMIT_EXCEEDED', 'limit_exceeded'],
    ['IN_APPEAL', 'in_appeal'],
    ['ARCHIVED', 'archived'],
    ['REJECTED', 'rejected'],
    ['PENDING', 'pending'],
    [' paused ', 'paused'],
    ['FLAGGED', 'pending'],
    ['', 'pending'],
    [null, 'pending'],
  ])('reads Meta’s %j as %s', (meta, status) => {
    expect(templateStatusOf(meta)).toBe(status);
  });

  it('a template entity says its parameter format', () => {
    const base = {
      id: '00000000-0000-4000-8000-000000000001',
      pageId: '42',
      name: 'x',
      language: 'en_US',
      body: 'b',
      params: [],
      buttons: [],
      status: 'paused',
      rejectedReason: null,
      scheduledCampaigns: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(MessageTemplate.safeParse({ ...base, parameterFormat: 'POSITIONAL' }).success).toBe(
      true,
    );
    expect(MessageTemplate.safeParse({ ...base, parameterFormat: 'OTHER' }).success).toBe(false);
  });
});

describe('the creation payload', () => {
  const body = 'Hi {{first_name}}, your order has shipped.';

  it('one message per field, trimmed values, buttons default to none', () => {
    const ok = createTemplateBodySchema.parse({
      pageId: '42',
      name: ' order_update ',
      language: 'en_US',
      body: ` ${body} `,
    });
    expect(ok).toEqual({
      pageId: '42',
      name: 'order_update',
      language: 'en_US',
      body,
      buttons: [],
    });
    const bad = createTemplateBodySchema.safeParse({
      pageId: '42',
      name: 'Bad Name',
      language: 'xx',
      body: 3,
    });
    expect(bad.success).toBe(false);
    const errors = bad.success ? {} : bad.error.flatten().fieldErrors;
    expect(errors).toEqual({
      name: [M.nameInvalid],
      language: [M.languageInvalid],
      body: [M.bodyRequired],
    });
  });

  it.each([
    ['', M.nameRequired],
    [3, M.nameRequired],
    ['order-update', M.nameInvalid],
    ['order_update!', M.nameInvalid],
    ['Order', M.nameInvalid],
    ['x'.repeat(513), M.nameTooLong],
  ])('refuses the name %j', (name, message) => {
    const r = createTemplateBodySchema.safeParse({ pageId: '42', name, language: 'en_US', body });
    expect(r.success ? [] : r.error.flatten().fieldErrors.name).toEqual([message]);
  });

  it('accepts a 512-character name', () => {
    const r = createTemplateBodySchema.safeParse({
      pageId: '42',
      name: 'x'.repeat(512),
      language: 'en_US',
      body,
    });
    expect(r.success).toBe(true);
  });

  it.each(['abc123', '123abc', '', '1'.repeat(33)])('refuses the page id %j', (pageId) => {
    const r = createTemplateBodySchema.safeParse({ pageId, name: 'x', language: 'en_US', body });
    expect(r.success ? [] : r.error.flatten().fieldErrors.pageId).toEqual(['Invalid page id']);
  });

  it.each([
    [{ type: 'URL', text: '', url: 'https://a.example' }, M.buttonTextRequired],
    [{ type: 'URL', text: '   ', url: 'https://a.example' }, M.buttonTextRequired],
    [{ type: 'URL', text: 'x'.repeat(26), url: 'https://a.example' }, M.buttonTextTooLong],
    [{ type: 'URL', text: 'Track', url: 'http://a.example' }, M.buttonUrlInvalid],
    [{ type: 'URL', text: 'Track', url: 'not a url' }, M.buttonUrlInvalid],
    [
      { type: 'URL', text: 'Track', url: `https://a.example/${'x'.repeat(2000)}` },
      M.buttonUrlInvalid,
    ],
  ])('refuses the button %j', (button, message) => {
    const r = TemplateButton.safeParse(button);
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toContain(message);
  });

  it('accepts a 25-character button on https, and at most 3 buttons', () => {
    const button = { type: 'URL', text: 'x'.repeat(25), url: 'https://a.example/track' };
    expect(TemplateButton.safeParse(button).success).toBe(true);
    const many = createTemplateBodySchema.safeParse({
      pageId: '42',
      name: 'x',
      language: 'en_US',
      body,
      buttons: [button, button, button, button],
    });
    expect(many.success ? [] : many.error.flatten().fieldErrors.buttons).toEqual([
      M.tooManyButtons,
    ]);
  });

  it('labels languages, and shows an unknown code as is', () => {
    expect(templateLanguageLabel('en_US')).toBe('English (US)');
    expect(templateLanguageLabel('pt_BR')).toBe('Portuguese (Brazil)');
    expect(templateLanguageLabel('xx_YY')).toBe('xx_YY');
    expect(TEMPLATE_LANGUAGES.map((l) => l.value)).toContain('es_LA');
  });
});

// What a mutation run found unpinned: mixed parameter lists, a body without placeholders and without words,
// a padded button URL, and each parameter source's shape.
describe('template rules at their edges', () => {
  it('sorts positions only when every parameter is one', () => {
    expect(templateParams('{{2}} then {{1}} then {{2}}')).toEqual(['1', '2']);
    expect(templateParams('{{2}} {{x}} {{1}}')).toEqual(['2', 'x', '1']);
    expect(templateParams('{{x}} {{2}} {{1}}')).toEqual(['x', '2', '1']);
    expect(templateParams('no parameters')).toEqual([]);
  });

  it('a body without placeholders needs no words per parameter', () => {
    expect(templateBodyError('!!!')).toBeUndefined();
  });

  it("a button's URL comes out trimmed", () => {
    expect(
      TemplateButton.parse({ type: 'URL', text: 'Go', url: '  https://a.example/x  ' }).url,
    ).toBe('https://a.example/x');
  });

  it.each([
    [{ source: 'first_name' }, { source: 'first_name' }],
    [{ source: 'last_name' }, { source: 'last_name' }],
    [
      { source: 'text', text: '  Spring sale  ' },
      { source: 'text', text: 'Spring sale' },
    ],
  ])('parameter source %j', (input, output) => {
    expect(TemplateParamSource.parse(input)).toEqual(output);
  });

  it.each([{ source: 'nickname' }, {}, { source: 'text' }, { source: 'text', text: '   ' }])(
    'refuses the parameter source %j',
    (input) => {
      expect(TemplateParamSource.safeParse(input).success).toBe(false);
    },
  );
});
