import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Process-wide registry: other modules add their counters here (sends, queue depth, ...). */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

/**
 * Request durations for every route, and GET /metrics for Prometheus. With METRICS_TOKEN it asks for
 * `Authorization: Bearer <token>`; without one it is open in development and not served in production
 * (process and route figures are for the operator, not for anyone on the internet).
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'metricsToken' | 'isProduction'>,
): void {
  // A callback hook: it runs on every request, and an async one costs a promise and a microtask.
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the URL, keeps label cardinality bounded; unmatched requests share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      httpDuration.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
  const token = config.metricsToken;
  if (!token && config.isProduction) {
    // Off, yet answered here: otherwise the web app's fallback would serve its page with a 200.
    app.get('/metrics', (_request, reply) =>
      reply.code(404).send({ message: 'Route GET /metrics not found' }),
    );
    return;
  }
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  app.get('/metrics', async (request, reply) => {
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'Metrics need the METRICS_TOKEN bearer token' });
      }
    }
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}
