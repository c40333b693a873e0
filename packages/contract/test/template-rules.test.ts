import { describe, expect, it } from 'vitest';
import {
  createTemplateBodySchema,
  NAME_FALLBACK,
  renderTemplate,
  TEMPLATE_MESSAGES as M,
  templateBodyError,
  templateParamMapError,
  templateParams,
  templateParamValue,
} from '../src';

describe('utility template rules', () => {
  it('reads the named parameters once each, in order of first use', () => {
    expect(templateParams('Hi {{first_name}}, {{ order_ref }} for {{first_name}}')).toEqual([
      'first_name',
      'order_ref',
    ]);
    expect(templateParams('No parameters')).toEqual([]);
  });

  it('refuses broken placeholders and over-long text, one message each', () => {
    expect(templateBodyError('  ')).toBe(M.bodyRequired);
    expect(templateBodyError('x'.repeat(1025))).toBe(M.bodyTooLong);
    expect(templateBodyError('Hi {{First Name}}')).toBe(M.paramInvalid);
    expect(templateBodyError('Hi {{first_name}')).toBe(M.paramInvalid);
    expect(templateBodyError('Hi }} there')).toBe(M.paramInvalid);
    expect(templateBodyError('Hi {{first_name}}, order {{order_2}}')).toBeUndefined();
  });

  it('renders what the contact reads; unknown parameters stay visible', () => {
    expect(renderTemplate('Hi {{first_name}}, {{x}}', { first_name: 'Ana' })).toBe('Hi Ana, {{x}}');
  });

  it('a campaign fills every parameter exactly once', () => {
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
  });

  it('a contact without the name gets a neutral word, never an empty parameter', () => {
    const nameless = { firstName: null, lastName: '  ' };
    expect(templateParamValue({ source: 'first_name' }, nameless)).toBe(NAME_FALLBACK);
    expect(templateParamValue({ source: 'last_name' }, nameless)).toBe(NAME_FALLBACK);
    expect(templateParamValue({ source: 'text', text: 'A-1' }, nameless)).toBe('A-1');
    expect(templateParamValue({ source: 'first_name' }, { firstName: 'Ana', lastName: null })).toBe(
      'Ana',
    );
  });

  it('the creation payload: one message per field, trimmed values, buttons default to none', () => {
    const ok = createTemplateBodySchema.parse({
      pageId: '42',
      name: ' order_update ',
      language: 'en_US',
      body: ' Hi {{first_name}} ',
    });
    expect(ok).toEqual({
      pageId: '42',
      name: 'order_update',
      language: 'en_US',
      body: 'Hi {{first_name}}',
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
});
