import { describe, expect, it } from 'vitest';
import {
  CreateTagBody,
  TAG_MESSAGES as M,
  formTagDescriptionErrors,
  formTagNameErrors,
  liveTagDescriptionError,
  liveTagNameError,
  tagFieldErrors,
  tagSubmitError,
  UpdateTagBody,
} from '../src';

describe('tag live typing rules (spec §5)', () => {
  it('accepts letters, digits, whitespace and hyphens in a name up to 20 characters', () => {
    expect(liveTagNameError('VIP-customers 2025')).toBeUndefined();
    expect(liveTagNameError('a'.repeat(20))).toBeUndefined();
    expect(liveTagNameError('Café clients')).toBeUndefined();
  });
  it('rejects a name over 20 characters', () => {
    expect(liveTagNameError('a'.repeat(21))).toBe('Name cannot exceed 20 characters.');
  });
  it('rejects other characters in a name', () => {
    for (const bad of ['vip!', 'a_b', 'x.y', '<script>', "o'neil"]) {
      expect(liveTagNameError(bad)).toBe('Invalid characters in name.');
    }
  });
  it('accepts letters, digits, whitespace, periods, commas and hyphens in a description up to 60', () => {
    expect(liveTagDescriptionError('Bought twice, in 2025. Loyal - yes')).toBeUndefined();
    expect(liveTagDescriptionError('d'.repeat(60))).toBeUndefined();
  });
  it('rejects a description over 60 characters or with other characters', () => {
    expect(liveTagDescriptionError('d'.repeat(61))).toBe(
      'Description cannot exceed 60 characters.',
    );
    expect(liveTagDescriptionError('100%')).toBe('Invalid characters in description.');
    expect(liveTagDescriptionError('a_b')).toBe('Invalid characters in description.');
  });
  it('on submit: blank fields, then live errors', () => {
    expect(tagSubmitError({ name: '  ', description: 'ok desc' })).toBe('All fields are required.');
    expect(tagSubmitError({ name: 'VIP', description: '' })).toBe('All fields are required.');
    expect(tagSubmitError({ name: 'VIP!', description: 'Loyal buyers' })).toBe(
      'Please fix the errors before submitting.',
    );
    expect(tagSubmitError({ name: 'VIP', description: 'Loyal buyers' })).toBeUndefined();
  });
});

describe('tag form rules (spec §5)', () => {
  it('name: required, at least 3, letters numbers spaces hyphens underscores', () => {
    expect(formTagNameErrors('')).toEqual(['Tag name is required.']);
    expect(formTagNameErrors('   ')).toEqual(['Tag name is required.']);
    expect(formTagNameErrors('ab')).toEqual(['Tag name must be at least 3 characters.']);
    expect(formTagNameErrors('a_b-c d')).toEqual([]);
    expect(formTagNameErrors('ab!')).toEqual([
      'Only letters, numbers, spaces, hyphens, and underscores allowed.',
    ]);
    expect(formTagNameErrors('!')).toEqual([
      'Tag name must be at least 3 characters.',
      'Only letters, numbers, spaces, hyphens, and underscores allowed.',
    ]);
  });
  it('description: required, at least 3, at most 200', () => {
    expect(formTagDescriptionErrors('')).toEqual(['Description is required.']);
    expect(formTagDescriptionErrors('ab')).toEqual([
      'Description must be at least 3 characters long.',
    ]);
    expect(formTagDescriptionErrors('d'.repeat(200))).toEqual([]);
    expect(formTagDescriptionErrors('d'.repeat(201))).toEqual([
      'Description must be under 200 characters.',
    ]);
  });
  it('the messages are the spec texts', () => {
    expect(Object.values(M)).toContain(
      'Only letters, numbers, spaces, hyphens, and underscores allowed.',
    );
  });
});

describe('server tag body: both rule sets at once', () => {
  const parse = (body: unknown) => CreateTagBody.safeParse(body);
  const errors = (body: unknown) => {
    const r = parse(body);
    return r.success ? {} : r.error.flatten().fieldErrors;
  };
  it('accepts what the form can submit and trims it', () => {
    const r = parse({ name: ' VIP-2025 ', description: 'Loyal, repeat buyers.', pageId: '123' });
    expect(r.success && r.data).toEqual({
      name: 'VIP-2025',
      description: 'Loyal, repeat buyers.',
      pageId: '123',
    });
  });
  it('rejects underscores (the live rule) and names over 20 (the live max)', () => {
    expect(errors({ name: 'a_b', description: 'fine desc', pageId: '1' }).name).toEqual([
      'Invalid characters in name.',
    ]);
    expect(errors({ name: 'n'.repeat(21), description: 'fine desc', pageId: '1' }).name).toEqual([
      'Name cannot exceed 20 characters.',
    ]);
  });
  it('rejects descriptions over 60 (the live max) and with both messages over 200', () => {
    expect(errors({ name: 'VIP', description: 'd'.repeat(61), pageId: '1' }).description).toEqual([
      'Description cannot exceed 60 characters.',
    ]);
    expect(errors({ name: 'VIP', description: 'd'.repeat(201), pageId: '1' }).description).toEqual([
      'Description must be under 200 characters.',
      'Description cannot exceed 60 characters.',
    ]);
  });
  it('missing or wrong-typed fields get the required messages', () => {
    expect(errors({ pageId: '1' })).toMatchObject({
      name: ['Tag name is required.'],
      description: ['Description is required.'],
    });
    expect(errors({ name: 5, description: null, pageId: '1' })).toMatchObject({
      name: ['Tag name is required.'],
      description: ['Description is required.'],
    });
  });
  it('collects every failing message of a field', () => {
    expect(tagFieldErrors({ name: '<b', description: 'ok!' })).toEqual({
      name: [
        'Tag name must be at least 3 characters.',
        'Only letters, numbers, spaces, hyphens, and underscores allowed.',
        'Invalid characters in name.',
      ],
      description: ['Invalid characters in description.'],
    });
  });
});

// What a mutation run found unpinned: padded input, a valid tag's empty answer, the PATCH body's rules and the
// page id's anchors.
describe('tag rules on padded input and on every body', () => {
  it('a valid tag has no field errors at all', () => {
    expect(tagFieldErrors({ name: 'VIP', description: 'Paying customers' })).toEqual({});
  });

  it('padding is not content: trimmed before every rule, and trimmed in the output', () => {
    expect(tagFieldErrors({ name: '  VIP  ', description: '   Paying customers   ' })).toEqual({});
    // Padding beyond the live typing limit is still only padding.
    const pad = ' '.repeat(500);
    expect(
      tagFieldErrors({ name: `${pad}VIP${pad}`, description: `${pad}Paying customers` }),
    ).toEqual({});
    expect(formTagDescriptionErrors('  ab  ')).toEqual([M.descriptionTooShort]);
    expect(tagSubmitError({ name: 'VIP', description: '   ' })).toBe(M.allRequired);
    expect(UpdateTagBody.parse({ name: '  VIP  ', description: '  Paying customers  ' })).toEqual({
      name: 'VIP',
      description: 'Paying customers',
    });
  });

  it('editing a tag (PATCH) runs the same rules as creating one', () => {
    const r = UpdateTagBody.safeParse({ name: 'a', description: '' });
    expect(r.success).toBe(false);
    expect(r.success ? {} : r.error.flatten().fieldErrors).toEqual(
      tagFieldErrors({ name: 'a', description: '' }),
    );
  });

  it.each(['abc123', '123abc', '', '1'.repeat(33)])('refuses the page id %j', (pageId) => {
    const r = CreateTagBody.safeParse({ name: 'VIP', description: 'Paying customers', pageId });
    expect(r.success ? {} : r.error.flatten().fieldErrors).toEqual({
      pageId: ['Must be a numeric id'],
    });
  });
});
