import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers on every answer. Its options here are static (no per-request CSP nonce), so its
 * answer is the same for every request: helmet runs once at startup and each request copies the headers it
 * set into the reply. Running helmet per request walked its 13 middlewares and set each header on the raw
 * response, which also sent every other header of the reply through Node's slower setHeader path
 * (bench/FINDINGS.md). Same hook position as before: answers from later hooks and handlers carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with these options (lower-case names), computed once. */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (d) =>
        typeof d === 'function' || (Array.isArray(d) && d.some((v) => typeof v === 'function')),
    )
  ) {
    // A directive computed per request (a nonce) cannot be set once for all requests.
    throw new Error('registerSecurityHeaders: CSP directives must be static');
  }
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failed: Error | undefined;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err instanceof Error ? err : err ? new Error('helmet failed') : undefined;
  });
  if (failed) throw failed;
  return Object.freeze(headers);
}
