import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/errors.js';
import { fieldErrorsFromIssues, HttpError } from './errors.js';

/** The single place where thrown errors become `{ message, fieldErrors? }` answers. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError | Error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).send(error.body);
    }
    if (error instanceof ZodError) {
      return reply
        .code(400)
        .send({ message: 'Validation failed', fieldErrors: fieldErrorsFromIssues(error.issues) });
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) return reply.code(413).send({ message: 'Request body is too large' });
    if ('validation' in error && error.validation) {
      return reply.code(400).send({ message: error.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, bad content type, rate limit, ...) keep their message.
      return reply.code(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      // Postgres restarting or unreachable: a retryable 503 (with Retry-After), not a server bug.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
