import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export const NULL_CHAR_MESSAGE = 'Text must not contain null characters';

/** What a U+0000 Meta delivers becomes where it is stored: the Unicode replacement character. */
export const NULL_CHAR_REPLACEMENT = '\uFFFD';

/**
 * Postgres text and jsonb cannot hold U+0000: a request carrying one would fail at the insert with a 500.
 * Refused up front instead, for every route's query, params and parsed body: the sender sees a clear 400
 * for that request alone. Raw bodies (the signed webhook) are not judged here: a delivery batches many
 * people's events, so one contact's typed text must never refuse it (see `storableJson`).
 */
export function registerNullCharGuard(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one costs a promise and a microtask.
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNullChar(request.params) || hasNullChar(request.query) || hasNullChar(request.body)) {
      done(new HttpError(400, NULL_CHAR_MESSAGE));
      return;
    }
    done();
  });
}

function hasNullChar(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return false;
  // A plain loop: this runs on every request (Object.entries allocated a pair per key).
  for (const k of Object.keys(value)) {
    if (k.includes('\u0000') || hasNullChar((value as Record<string, unknown>)[k], depth + 1))
      return true;
  }
  return false;
}

/**
 * Parses raw JSON bytes into a value Postgres can store: every U+0000, whether sent as the escape
 * `\u0000` or as a raw NUL byte (invalid JSON inside a string), becomes U+FFFD in keys and strings.
 * The six typed characters `\u0000` arrive escaped (`\\u0000`) and stay text as they are.
 * Throws SyntaxError for bytes that are not JSON.
 */
export function storableJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  // A raw NUL byte only ever encodes U+0000 in UTF-8; replaced before parsing, it parses as text.
  const parsed: unknown = JSON.parse(
    text.includes('\u0000') ? text.replaceAll('\u0000', NULL_CHAR_REPLACEMENT) : text,
  );
  // Only a delivery that had an escape somewhere pays for the walk.
  return text.includes('\\u0000') ? withoutNullChars(parsed) : parsed;
}

function withoutNullChars(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', NULL_CHAR_REPLACEMENT);
  if (Array.isArray(value)) return value.map(withoutNullChars);
  if (!value || typeof value !== 'object') return value;
  // fromEntries defines own properties: a "__proto__" key stays data, as JSON.parse made it.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k.replaceAll('\u0000', NULL_CHAR_REPLACEMENT),
      withoutNullChars(v),
    ]),
  );
}
