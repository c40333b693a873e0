import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../src/lib/json-depth.js';

const depth = (text: string, limit?: number) => jsonDepth(Buffer.from(text), limit);

describe('jsonDepth', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(depth('1')).toBe(0);
    expect(depth('{}')).toBe(1);
    expect(depth('{"a":[{"b":[1,2]},{}]}')).toBe(4);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(depth('{"t":"[[[{{{"}')).toBe(1);
    expect(depth('{"t":"say \\"[[[\\" twice","u":[1]}')).toBe(2);
    expect(depth('["\\\\",[2]]')).toBe(2);
  });

  it('stops once past the limit', () => {
    expect(depth('['.repeat(100_000) + ']'.repeat(100_000), 10)).toBe(11);
  });
});
