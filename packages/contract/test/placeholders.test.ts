import { describe, expect, it } from 'vitest';
import { namesOf, placeholderError, renderPlaceholders } from '../src/rules/placeholders';

const ana = { firstName: 'Ana', lastName: 'Lopez' };
const nobody = { firstName: null, lastName: null };

describe('renderPlaceholders', () => {
  it('fills both names, every time they appear', () => {
    expect(renderPlaceholders('Hi {first_name} {last_name}! Bye {first_name}.', ana)).toBe(
      'Hi Ana Lopez! Bye Ana.',
    );
  });

  it('uses the fallback only when the name is missing or blank', () => {
    expect(renderPlaceholders('Hi {first_name|there}', ana)).toBe('Hi Ana');
    expect(renderPlaceholders('Hi {first_name|there}', nobody)).toBe('Hi there');
    expect(renderPlaceholders('Hi {first_name|there}', { firstName: '  ', lastName: null })).toBe(
      'Hi there',
    );
    expect(
      renderPlaceholders('Dear {last_name|customer}', { firstName: 'Ana', lastName: '' }),
    ).toBe('Dear customer');
  });

  it('drops a missing name without a fallback and the space before punctuation', () => {
    expect(renderPlaceholders('Hi {first_name}, your order is ready.', nobody)).toBe(
      'Hi, your order is ready.',
    );
    expect(renderPlaceholders('{first_name} thanks  a lot', nobody)).toBe('thanks a lot');
  });

  it('keeps spacing untouched when every name is filled', () => {
    expect(renderPlaceholders('Hi  {first_name} ,\n  ok', ana)).toBe('Hi  Ana ,\n  ok');
  });

  it('tolerates spaces inside the braces and leaves unknown names and plain braces as written', () => {
    expect(renderPlaceholders('Hi { first_name | friend }', nobody)).toBe('Hi friend');
    expect(renderPlaceholders('Code {order_id} for {first_name}', ana)).toBe(
      'Code {order_id} for Ana',
    );
    expect(renderPlaceholders('A {{first_name}} b {} c', ana)).toBe('A {Ana} b {} c');
  });
});

describe('placeholderError', () => {
  it('accepts known names, with or without a fallback, and text without placeholders', () => {
    expect(placeholderError('Hi {first_name|there} {last_name}')).toBeNull();
    expect(placeholderError('No placeholders at all {}')).toBeNull();
  });

  it('names the first unknown placeholder', () => {
    expect(placeholderError('Hi {first_name}, {nickname} and {city}')).toBe(
      'Unknown placeholder {nickname}: use {first_name} or {last_name}, with a fallback as {first_name|there}',
    );
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
