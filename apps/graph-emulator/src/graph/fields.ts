/** Parser for the Graph API `fields=` syntax: `id,name,messages.limit(3){message,from},picture.type(large)`. */
export interface FieldSpec {
  name: string;
  /** Modifiers such as `.limit(3)` -> { limit: '3' }. */
  modifiers: Record<string, string>;
  children: FieldSpec[] | null;
}

export class FieldsSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const NAME = /[A-Za-z0-9_]/;

export function parseFields(input: string): FieldSpec[] {
  let pos = 0;
  const s = input;
  const skipWs = () => {
    while (pos < s.length && /\s/.test(s[pos] ?? '')) pos++;
  };
  const fail = (expected: string): never => {
    const found = pos < s.length ? `"${s[pos]}"` : 'end of string';
    throw new FieldsSyntaxError(
      `Syntax error "Expected ${expected} instead of ${found}." at character ${pos}: ${s}`,
      pos,
    );
  };
  const name = (): string => {
    skipWs();
    const start = pos;
    while (pos < s.length && NAME.test(s[pos] ?? '')) pos++;
    if (pos === start) fail('a field name');
    return s.slice(start, pos);
  };
  const list = (closing: string | null): FieldSpec[] => {
    const out: FieldSpec[] = [];
    for (;;) {
      out.push(field());
      skipWs();
      if (s[pos] === ',') {
        pos++;
        continue;
      }
      if (closing === null ? pos === s.length : s[pos] === closing) return out;
      fail(closing === null ? 'end of string' : `"," or "${closing}"`);
    }
  };
  const field = (): FieldSpec => {
    const spec: FieldSpec = { name: name(), modifiers: {}, children: null };
    for (;;) {
      skipWs();
      if (s[pos] === '.') {
        pos++;
        const mod = name();
        skipWs();
        if (s[pos] !== '(') fail('"("');
        pos++;
        const start = pos;
        let depth = 1;
        while (pos < s.length && depth > 0) {
          if (s[pos] === '(') depth++;
          else if (s[pos] === ')') depth--;
          if (depth > 0) pos++;
        }
        if (depth !== 0) fail('")"');
        spec.modifiers[mod] = s.slice(start, pos).trim();
        pos++;
      } else if (s[pos] === '{') {
        if (spec.children) fail('"," or "}"');
        pos++;
        spec.children = list('}');
        pos++;
      } else {
        return spec;
      }
    }
  };
  skipWs();
  if (pos === s.length) return [];
  return list(null);
}

export function fieldNames(specs: FieldSpec[]): string[] {
  return specs.map((f) => f.name);
}

/** Limit requested with `.limit(n)`, clamped; `fallback` when absent. */
export function limitOf(spec: FieldSpec | undefined, fallback: number, max = 100): number {
  const raw = spec?.modifiers['limit'];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) return fallback;
  return Math.min(n, max);
}
