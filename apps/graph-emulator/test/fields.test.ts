import { describe, expect, it } from 'vitest';
import { parseFields, FieldsSyntaxError } from '../src/graph/fields.js';

describe('fields= parser', () => {
  it('parses flat lists with whitespace', () => {
    expect(parseFields('id, name ,email').map((f) => f.name)).toEqual(['id', 'name', 'email']);
  });

  it('parses nesting and modifiers', () => {
    const [a, b] = parseFields('a,b{c,d.limit(3)}');
    expect(a).toEqual({ name: 'a', modifiers: {}, children: null });
    expect(b?.name).toBe('b');
    expect(b?.children?.map((c) => c.name)).toEqual(['c', 'd']);
    expect(b?.children?.[1]?.modifiers).toEqual({ limit: '3' });
  });

  it('parses modifiers before children and deep nesting', () => {
    const [m] = parseFields('messages.limit(5){message,from,to{data{id}}}');
    expect(m?.modifiers.limit).toBe('5');
    const to = m?.children?.find((c) => c.name === 'to');
    expect(to?.children?.[0]?.children?.[0]?.name).toBe('id');
  });

  it('parses several modifiers', () => {
    const [p] = parseFields('picture.type(large).width(200)');
    expect(p?.modifiers).toEqual({ type: 'large', width: '200' });
  });

  it('empty input gives no fields', () => {
    expect(parseFields('')).toEqual([]);
  });

  it.each(['a,', 'a{b', 'a{}', 'a.limit(3', 'a b', 'a}', ',a', 'a.limit'])(
    'rejects %s',
    (input) => {
      expect(() => parseFields(input)).toThrow(FieldsSyntaxError);
    },
  );
});
