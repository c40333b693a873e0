// `/_emulator/requests`: the request log (spec/request-log.ts), each Graph request's shape with what Meta's spec
// says of it. Tests read it to see what a product asked of the Graph API, and reset it between cases.
import type { FastifyInstance } from 'fastify';
import type { RequestLog } from '../spec/request-log.js';

export function registerRequestLog(app: FastifyInstance, log: RequestLog): void {
  /** `?outside=1`: only the shapes with a problem (outside Meta's spec). */
  app.get<{ Querystring: { outside?: string } }>('/_emulator/requests', (req) => {
    const all = log.list();
    return {
      requests: req.query.outside === '1' ? all.filter((r) => r.problems.length > 0) : all,
    };
  });
  app.post('/_emulator/requests/reset', () => {
    log.reset();
    return { ok: true };
  });
}
