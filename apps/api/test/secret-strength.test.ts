// What production takes for a secret (src/crypto/secret-strength.ts): published, short, patterned or
// word-like values are refused with the reason, and every value a generator gives is taken. Pure: the
// `secrets` mutation target runs this file.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeSecret, MIN_SECRET_BYTES, secretWeakness } from '../src/crypto/secret-strength.js';

/** Bytes 0, 1, 2, … n-1. */
const counting = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i));

describe('secretWeakness refuses', () => {
  it.each<[string, () => string, RegExp]>([
    // Published examples and this repository's own defaults.
    [
      'the JWT docs example',
      () => 'your-256-bit-secret-your-256-bit-secret',
      /published.*"your256bitsecret"/,
    ],
    ['changeme', () => 'changeme-changeme-changeme', /published.*"changeme"/],
    ['a password, any case', () => 'Pass_Word_2026_Pass_Word', /published.*"password"/],
    ['the dev app secret', () => 'pagecast-emulator-app-secret', /published/],
    ['the dev verify token', () => 'pagecast-verify-token', /published.*"pagecast"/],
    ['a verify token phrase', () => 'my-webhook-verify-token', /published.*"verifytoken"/],
    ['a test secret of this repo', () => 'test-jwt-secret-that-is-long-enough', /"secret"/],
    ['an example', () => 'ExampleExampleExample0123', /published.*"example"/],
    ['changethis', () => 'please-changethis-now', /"changethis"/],
    ['letmein', () => 'letmein0letmein0letmein0', /"letmein"/],
    ['qwerty', () => 'qwertyuiopasdfghjklzxcvbnm', /"qwerty"/],
    // Not an encoding a generator prints.
    ['a passphrase with symbols', () => 'correct horse battery staple!', /neither hex nor base64/],
    ['odd-length hex with a symbol', () => 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d!', /neither/],
    [
      'base64 with a lone sixth of a byte',
      () => `${randomBytes(15).toString('base64url')}x`,
      /neither/,
    ],
    ['padding in the middle', () => 'QUJD=QUJDRA==', /neither/],
    ['padding that is not whole groups', () => `${randomBytes(16).toString('base64')}=`, /neither/],
    ['two base64 alphabets mixed', () => 'k3J-x9_Qa+Zr/0PmW2vB', /neither/],
    // Too short: fewer than 128 bits.
    ['openssl rand -hex 15', () => randomBytes(15).toString('hex'), /^120 bits, fewer than 128$/],
    ['openssl rand -base64 15', () => randomBytes(15).toString('base64'), /^120 bits/],
    ['a short token', () => 'Zm9vYmFy', /^48 bits/],
    // Words between separators.
    ['a hyphenated phrase', () => 'my-company-production-jwt-token-2026', /^words/],
    ['a capitalised phrase', () => 'My_Company_Production_JWT_2026', /^words/],
    ['a dotted phrase', () => 'prod.api.token.2026.december', /^words/],
    ['a spaced phrase', () => 'correct horse battery staple', /^words/],
    // Patterns a generator does not leave.
    ['one character repeated', () => 'a'.repeat(40), /^a block of 1 character repeated$/],
    ['x repeated', () => 'x'.repeat(24), /^a block of 1 character repeated$/],
    ['a hex block repeated', () => 'deadbeef'.repeat(4), /^a block of 8 characters repeated$/],
    ['half of it repeated', () => '0123456789abcdef'.repeat(2), /block of 16 characters/],
    [
      'a random block repeated',
      () => randomBytes(12).toString('hex').repeat(2),
      /block of 24 characters/,
    ],
    ['the alphabet', () => 'abcdefghijklmnopqrstuvwxyz012345', /^a sequence of 32 characters/],
    ['the alphabet backwards', () => 'zyxwvutsrqponmlkjihgfedcbaZYXWVU', /sequence/],
    ['hex digits counting', () => '0123456789abcdef0123456789abcdeZ', /sequence/],
    ['bytes 00..1f in base64', () => counting(32).toString('base64'), /sequence of 32 bytes/],
    ['bytes 00..1f in hex', () => counting(32).toString('hex'), /sequence of 32 bytes/],
    [
      'a random value with a counting tail',
      () => `${randomBytes(4).toString('hex')}0123456789abcdef01234567`,
      /^a sequence of 2[4-9] characters in steps$/,
    ],
    [
      'few distinct characters',
      () => 'xyyxxyxyxyyyxxyxxyyyxyxy',
      /^only 2 distinct characters of 24$/,
    ],
    [
      'few distinct hex digits',
      () => '1a2b1a2b2b1a1a1b2a1b2a2b1a2b2a1b',
      /only 4 distinct characters/,
    ],
    [
      // Eight byte values drawn at random: their base64 characters look varied, the bytes do not.
      'few distinct bytes',
      () =>
        Buffer.from(
          '8d636363858540856e8d0f85b2b2df40b28d638540b28563400f6e40b2df6385',
          'hex',
        ).toString('base64'),
      /^only 8 distinct bytes of 32$/,
    ],
  ])('%s', (_name, value, reason) => {
    expect(secretWeakness(value())).toMatch(reason);
  });

  it('a key of another length, or of 32 patterned bytes', () => {
    expect(secretWeakness(randomBytes(31).toString('base64'), 32)).toBe(
      '31 bytes once decoded, not 32',
    );
    expect(secretWeakness(randomBytes(33).toString('hex'), 32)).toBe(
      '33 bytes once decoded, not 32',
    );
    expect(secretWeakness(randomBytes(16).toString('hex'), 32)).toBe(
      '16 bytes once decoded, not 32',
    );
    expect(secretWeakness(Buffer.alloc(32).toString('base64'), 32)).toMatch(/block of 1 /);
    expect(secretWeakness(counting(32).toString('base64'), 32)).toMatch(/sequence of 32 bytes/);
  });
});

describe('secretWeakness accepts', () => {
  // Many draws of each, so a test that refuses random values now and then shows here.
  it.each<[string, () => string, number?]>([
    ['openssl rand -hex 16', () => randomBytes(16).toString('hex')],
    ['openssl rand -hex 32', () => randomBytes(32).toString('hex')],
    ['openssl rand -base64 16', () => randomBytes(16).toString('base64')],
    ['openssl rand -base64 32', () => randomBytes(32).toString('base64')],
    ['openssl rand -base64 48', () => randomBytes(48).toString('base64')],
    ['base64url, unpadded', () => randomBytes(24).toString('base64url')],
    ['base64url of 16 bytes', () => randomBytes(16).toString('base64url')],
    ['upper-case hex', () => randomBytes(20).toString('hex').toUpperCase()],
    ['base64 without its padding', () => randomBytes(17).toString('base64').replace(/=+$/, '')],
    ['a key: base64 of 32 bytes', () => randomBytes(32).toString('base64'), 32],
    ['a key: hex of 32 bytes', () => randomBytes(32).toString('hex'), 32],
  ])('%s', (_name, generate, bytes) => {
    for (let i = 0; i < 100; i++) {
      const value = generate();
      expect(secretWeakness(value, bytes), value).toBeUndefined();
    }
  });

  it('the shortest values that carry 128 bits', () => {
    expect(MIN_SECRET_BYTES).toBe(16);
    expect(secretWeakness('9f86d081884c7d659a2feaa0c55ad015')).toBeUndefined();
    expect(secretWeakness('n4bQgYhMfWWaL+qgxVrQFQ==')).toBeUndefined();
    expect(secretWeakness('n4bQgYhMfWWaL-qgxVrQFQ')).toBeUndefined();
    // One character (4 bits) less is too few.
    expect(secretWeakness('9f86d081884c7d659a2feaa0c55ad0')).toMatch(/^120 bits/);
  });
});

describe('secretWeakness at its thresholds (32 hex digits)', () => {
  // Values found once and kept: their other tests all pass, so each shows one threshold.
  it('a run in steps: 10 characters pass, 11 do not', () => {
    expect(secretWeakness('5918ea7858be147ad096f4226f298304')).toBeUndefined();
    expect(secretWeakness('b16b2db958be147ad032ad35f7c21213')).toBe(
      'a sequence of 11 characters in steps',
    );
  });

  it('distinct digits: 7 pass, 6 do not', () => {
    expect(secretWeakness('01006625514116235312451151054223')).toBeUndefined();
    expect(secretWeakness('11010055114201301505242055341105')).toBe(
      'only 6 distinct characters of 32',
    );
  });

  it('a block repeated: over half the value passes, half does not', () => {
    const block = 'e9d678a1ea25c884fb69b516';
    expect(secretWeakness(block + block.slice(0, 22))).toBeUndefined();
    expect(secretWeakness(block + block)).toBe('a block of 24 characters repeated');
  });

  it('words: three parts of words or numbers; two parts, or one part of mixed case, are not', () => {
    expect(secretWeakness('prod.api.token.2026')).toBe('words, not random characters');
    expect(secretWeakness('Prod.API.Token')).toBe('words, not random characters');
    expect(secretWeakness('prod.token')).toBe('neither hex nor base64');
    expect(secretWeakness('prod.aPi.token.2026')).toBe('neither hex nor base64');
    expect(secretWeakness('prod.api2.token.2026')).toBe('neither hex nor base64');
  });

  it('words between separators at either end are still words (the empty ends are no part)', () => {
    expect(secretWeakness('-prod-api-token-')).toBe('words, not random characters');
    expect(secretWeakness('.prod.api.token')).toBe('words, not random characters');
  });

  it('a block is a period checked at every place: one digit then a run is a run, not a block', () => {
    expect(secretWeakness(`0${'f'.repeat(31)}`)).toBe('a sequence of 31 characters in steps');
  });
});

describe('decodeSecret', () => {
  it('reads hex first, then base64 or base64url, padded or not', () => {
    const bytes = randomBytes(32);
    expect(decodeSecret(bytes.toString('hex'))).toMatchObject({ encoding: 'hex', radix: 16 });
    expect(decodeSecret(bytes.toString('hex'))?.bytes.equals(bytes)).toBe(true);
    expect(decodeSecret(bytes.toString('hex').toUpperCase())?.bytes.equals(bytes)).toBe(true);
    expect(decodeSecret(bytes.toString('base64'))).toMatchObject({ encoding: 'base64', radix: 64 });
    expect(decodeSecret(bytes.toString('base64'))?.bytes.equals(bytes)).toBe(true);
    expect(decodeSecret(bytes.toString('base64url'))?.bytes.equals(bytes)).toBe(true);
    // Odd-length hex is base64 (of other bytes).
    expect(decodeSecret('abc')).toMatchObject({ encoding: 'base64' });
  });

  it('numbers each character by its alphabet', () => {
    expect(decodeSecret('0aF9')?.digits).toEqual([0, 10, 15, 9]);
    expect(decodeSecret('AZaz09+/')?.digits).toEqual([0, 25, 26, 51, 52, 61, 62, 63]);
    expect(decodeSecret('AZaz09-_')?.digits).toEqual([0, 25, 26, 51, 52, 61, 62, 63]);
    expect(decodeSecret('QUJDRA==')?.digits).toEqual([16, 20, 9, 3, 17, 0]);
  });

  it('refuses what no generator prints', () => {
    for (const value of ['', 'QUJDRA=', 'QUJDR', 'QUJD=QUJD', 'ab+_', 'a b', 'QUJDRA===']) {
      expect(decodeSecret(value), value).toBeUndefined();
    }
  });
});
