import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  pgErrorCode,
  QUERY_CANCELED,
  STATEMENT_TIMEOUT_MESSAGE,
} from '../db/errors.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UnprocessableError,
  UpstreamError,
  ValidationError,
  validationError,
} from '../errors.js';
import { errorBody, HttpError } from './errors.js';

/** The HTTP status of each domain error (src/errors.ts). */
const DOMAIN_STATUS: ReadonlyArray<[abstract new (...args: never[]) => DomainError, number]> = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [UnprocessableError, 422],
  [RateLimitedError, 429],
  [UpstreamError, 502],
  [UnavailableError, 503],
];

export function statusOf(error: DomainError): number {
  return DOMAIN_STATUS.find(([kind]) => error instanceof kind)?.[1] ?? 500;
}

/** The single place where thrown errors become `{ message, fieldErrors? }` answers. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError | HttpError | DomainError | ZodError | Error, request, reply) => {
      if (error instanceof HttpError || error instanceof DomainError) {
        const status = error instanceof HttpError ? error.statusCode : statusOf(error);
        if (status >= 500) request.log.error({ err: error }, 'request failed');
        if (
          (error instanceof RateLimitedError || error instanceof UnavailableError) &&
          error.retryAfterSeconds !== undefined
        ) {
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        return reply.code(status).send(errorBody(error));
      }
      if (error instanceof ZodError) {
        return reply.code(400).send(errorBody(validationError(error.issues)));
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
      if (pgErrorCode(error) === QUERY_CANCELED) {
        // A read or bulk write of a large page past its statement_timeout: retryable, not a server bug.
        request.log.warn({ err: error }, 'statement timeout');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ message: STATEMENT_TIMEOUT_MESSAGE });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ message: 'Internal server error' });
    },
  );
}
