import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export const NULL_CHAR_MESSAGE = 'Text must not contain null characters';
/** A lone UTF-16 surrogate: half of an emoji, which no text column or jsonb can hold. */
export const BROKEN_CHAR_MESSAGE = 'Text must not contain broken characters (half of an emoji)';

/** What a U+0000 or a lone surrogate Meta delivers becomes where it is stored: the replacement character. */
export const NULL_CHAR_REPLACEMENT = '\uFFFD';

/**
 * Postgres text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate (`\ud83d`): a request
 * carrying either would fail at the insert with a 500, possibly after a call to Meta. Refused up front
 * instead, for every route's query, params and parsed body: the sender sees a 400 naming the field, for
 * that request alone, before anything is called. Raw bodies (the signed webhook) are not judged here: a
 * delivery batches many people's events, so one contact's typed text must never refuse it (`storableJson`).
 */
export function registerNullCharGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one costs a promise and a microtask.
  app.addHook('preValidation', (request, _reply, done) => {
    const bad =
      unstorableAt(request.params) ?? unstorableAt(request.query) ?? unstorableAt(request.body);
    if (bad) {
      const message = bad.nul ? NULL_CHAR_MESSAGE : BROKEN_CHAR_MESSAGE;
      done(new HttpError(400, message, { [bad.path || 'body']: [message] }));
      return;
    }
    done();
  });
}

/** True for a string Postgres can store: no U+0000 and no lone surrogate. */
function storable(s: string): boolean {
  return !s.includes('\u0000') && s.isWellFormed();
}

/** The path ('buttons.0.title') of the first key or string that cannot be stored, if any. */
function unstorableAt(
  value: unknown,
  path = '',
  depth = 0,
): { path: string; nul: boolean } | undefined {
  if (typeof value === 'string')
    return storable(value) ? undefined : { path, nul: value.includes('\u0000') };
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return undefined;
  // A plain loop: this runs on every request (Object.entries allocated a pair per key).
  for (const k of Object.keys(value)) {
    const at = path ? `${path}.${k}` : k;
    if (!storable(k)) return { path: at, nul: k.includes('\u0000') };
    const bad = unstorableAt((value as Record<string, unknown>)[k], at, depth + 1);
    if (bad) return bad;
  }
  return undefined;
}

/** An escape that may stand for something Postgres cannot store: `\u0000`, or any surrogate half. */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * Parses raw JSON bytes into a value Postgres can store: every U+0000, whether sent as the escape
 * `\u0000` or as a raw NUL byte (invalid JSON inside a string), and every lone surrogate escape
 * (`\ud83d` without its other half) becomes U+FFFD in keys and strings; a paired escape stays the emoji.
 * The six typed characters `\u0000` arrive escaped (`\\u0000`) and stay text as they are. Invalid
 * UTF-8 bytes already decode to U+FFFD. Throws SyntaxError for bytes that are not JSON.
 */
export function storableJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  // A raw NUL byte only ever encodes U+0000 in UTF-8; replaced before parsing, it parses as text.
  const parsed: unknown = JSON.parse(
    text.includes('\u0000') ? text.replaceAll('\u0000', NULL_CHAR_REPLACEMENT) : text,
  );
  // Only a delivery that had such an escape somewhere pays for the walk (every emoji Meta escapes does).
  return SUSPECT_ESCAPE.test(text) ? storableValue(parsed) : parsed;
}

function storableString(s: string): string {
  const nul = s.includes('\u0000') ? s.replaceAll('\u0000', NULL_CHAR_REPLACEMENT) : s;
  // toWellFormed replaces each lone surrogate with U+FFFD, as the UTF-8 decoder does for bad bytes.
  return nul.isWellFormed() ? nul : nul.toWellFormed();
}

function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableString(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (!value || typeof value !== 'object') return value;
  // fromEntries defines own properties: a "__proto__" key stays data, as JSON.parse made it.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [storableString(k), storableValue(v)]),
  );
}
