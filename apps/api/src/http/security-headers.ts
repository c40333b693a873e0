import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer. @fastify/helmet (used before) rebuilt the helmet middleware
 * (CSP directives parsed and validated again) on every request; built once here, it only sets the same
 * headers (bench/FINDINGS.md). Same options and the same hook position as the plugin had.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) =>
    apply(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)),
  );
}
