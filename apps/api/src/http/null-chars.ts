import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export const NULL_CHAR_MESSAGE = 'Text must not contain null characters';

/**
 * Postgres text and jsonb cannot hold U+0000: a request carrying one would fail at the insert with a 500.
 * Refused up front instead, for every route (query, params, parsed or raw body).
 */
export function registerNullCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNullChar(request.params) || hasNullChar(request.query) || hasNullChar(request.body)) {
      throw new HttpError(400, NULL_CHAR_MESSAGE);
    }
  });
}

function hasNullChar(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bodies (the webhook): a NUL byte, or the JSON escape that would become one.
  if (Buffer.isBuffer(value)) return value.includes(0) || value.includes('\\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  // A plain loop: this runs on every request (Object.entries allocated a pair per key).
  for (const k of Object.keys(value)) {
    if (k.includes('\u0000') || hasNullChar((value as Record<string, unknown>)[k], depth + 1))
      return true;
  }
  return false;
}
