/**
 * The deepest nesting of objects and arrays in a JSON text, found with one pass over the bytes and no
 * recursion (brackets inside strings do not count). Lets a route refuse a pathological body before
 * JSON.parse and Postgres's jsonb (whose recursion would fail deep inside the request) ever see it.
 * Stops counting once `limit` is passed.
 */
export function jsonDepth(raw: Buffer, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}
