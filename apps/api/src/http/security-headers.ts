import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

type HelmetMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (err?: Error) => void,
) => void;
type Helmet = (options: Record<string, unknown>) => HelmetMiddleware;

// helmet itself, as @fastify/helmet depends on it (the same version and options format).
const require = createRequire(import.meta.url);
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as Helmet;

/**
 * helmet's security headers on every answer. @fastify/helmet rebuilt the helmet middleware (CSP directives
 * parsed and validated again) on every request; built once here, it only sets the same headers
 * (bench/FINDINGS.md). Same options and the same hook position as the plugin had.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Record<string, unknown>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, done));
}
