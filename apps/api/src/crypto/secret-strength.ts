// How strong a production secret is, judged from its text alone (docs/deploy.md "Secrets"). Nothing can prove
// a value random; what can be told is whether it is published, too short, or shows a pattern a generator
// would not leave. Each pattern test refuses a truly random value with a probability under ~1e-9, so a value
// of exactly 128 random bits (`openssl rand -hex 16`) always passes: there is no margin to spend on guesses.

/** Bits a secret must carry: 16 random bytes. */
export const MIN_SECRET_BYTES = 16;

/**
 * Published example values and this repository's own defaults, compared on lower-case letters and digits
 * (so `Your_256-bit-Secret` matches too). None is shorter than six characters: a random base64 value holds
 * a given six-letter word (either case) with a probability under 1e-7.
 */
const KNOWN_WORDS = [
  'your256bitsecret',
  'secret',
  'password',
  'changeme',
  'changethis',
  'example',
  'pagecast',
  'verifytoken',
  'letmein',
  'qwerty',
] as const;

/** A random value fails a pattern test with a probability below this (see the thresholds below). */
const CHANCE = 1e-9;

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A value's symbols as numbers (its alphabet's digits) and the bytes they encode. */
interface Decoded {
  encoding: 'hex' | 'base64';
  /** Each character's value in its alphabet (0-15 or 0-63), padding left out. */
  digits: number[];
  radix: number;
  bytes: Buffer;
}

/** Hex (an even number of digits, either case), base64 or base64url, padded or not; undefined otherwise. */
export function decodeSecret(value: string): Decoded | undefined {
  if (HEX.test(value) && value.length % 2 === 0) {
    return {
      encoding: 'hex',
      digits: [...value].map((c) => Number.parseInt(c, 16)),
      radix: 16,
      bytes: Buffer.from(value, 'hex'),
    };
  }
  if (!BASE64.test(value) && !BASE64URL.test(value)) return undefined;
  const body = value.replace(/=+$/, '');
  // A padded value is whole groups of four; an unpadded one never ends on a lone sixth of a byte.
  if (body.length !== value.length ? value.length % 4 !== 0 : body.length % 4 === 1)
    return undefined;
  return {
    encoding: 'base64',
    digits: [...body].map((c) =>
      c === '+' || c === '-' ? 62 : c === '/' || c === '_' ? 63 : BASE64_DIGITS.indexOf(c),
    ),
    radix: 64,
    bytes: Buffer.from(body, 'base64'),
  };
}

/**
 * Why `value` is not a strong secret, as a phrase to follow its variable's name ("is …"); undefined when it
 * passes. `bytes`: the exact length the value must decode to (a key), else at least MIN_SECRET_BYTES.
 */
export function secretWeakness(value: string, bytes?: number): string | undefined {
  const folded = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  const known = KNOWN_WORDS.find((w) => folded.includes(w));
  if (known !== undefined) return `a published example or default (it contains "${known}")`;
  if (readsAsWords(value)) return 'words, not random characters';
  const decoded = decodeSecret(value);
  if (!decoded) return 'neither hex nor base64';
  const size = decoded.bytes.length;
  if (bytes !== undefined && size !== bytes) return `${size} bytes once decoded, not ${bytes}`;
  if (size < MIN_SECRET_BYTES) return `${size * 8} bits, fewer than ${MIN_SECRET_BYTES * 8}`;
  return (
    patternIn(decoded.digits, decoded.radix, 'character') ??
    patternIn([...decoded.bytes], 256, 'byte')
  );
}

/**
 * Three or more parts between separators, each a word or a number (`my-webhook-verify-token`). Random base64
 * splits so rarely into parts of one letter case or digits only that no random value of 128 bits does.
 */
function readsAsWords(value: string): boolean {
  const parts = value.split(/[-_.+/= ]+/).filter((p) => p !== '');
  return parts.length >= 3 && parts.every((p) => /^(?:[A-Za-z][a-z]*|[A-Z]+|\d+)$/.test(p));
}

/** The first pattern found in `symbols` (values below `radix`), named in `unit`s; undefined if none. */
function patternIn(symbols: number[], radix: number, unit: string): string | undefined {
  const n = symbols.length;
  const count = (k: number) => `${k} ${unit}${k === 1 ? '' : 's'}`;
  const period = shortestPeriod(symbols);
  if (period <= n / 2) return `a block of ${count(period)} repeated`;
  // A run of s symbols with one step between each (`abcdef`, bytes 00 01 02 …, `aaaa`) starts at a given
  // place of a random value with probability radix^-(s-2); longer than a random value shows by CHANCE.
  const longest = longestProgression(symbols, radix);
  if (longest >= 2 + Math.ceil(Math.log(n / CHANCE) / Math.log(radix))) {
    return `a sequence of ${count(longest)} in steps`;
  }
  // n random symbols show about radix * (1 - (1 - 1/radix)^n) distinct ones; half of that is far out.
  const distinct = new Set(symbols).size;
  if (distinct < (radix * (1 - (1 - 1 / radix) ** n)) / 2) {
    return `only ${distinct} distinct ${unit}s of ${n}`;
  }
  return undefined;
}

/** The smallest p with symbols[i] === symbols[i - p] everywhere (n itself when nothing repeats). */
function shortestPeriod(symbols: number[]): number {
  for (let p = 1; p < symbols.length; p++) {
    if (symbols.every((s, i) => i < p || s === symbols[i - p])) return p;
  }
  return symbols.length;
}

/** The most symbols in a row that step by one constant amount (modulo radix). */
function longestProgression(symbols: number[], radix: number): number {
  const steps = symbols.slice(1).map((s, i) => (s - (symbols[i] ?? 0) + radix) % radix);
  let longest = Math.min(symbols.length, 2);
  let run = longest;
  for (let i = 1; i < steps.length; i++) {
    run = steps[i] === steps[i - 1] ? run + 1 : 2;
    longest = Math.max(longest, run);
  }
  return longest;
}
