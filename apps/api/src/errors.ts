// Domain errors: what services, repos and guards throw when a request cannot be served. They say what
// went wrong, not how HTTP says it: http/error-handler.ts maps each kind to its status, and the message
// (with `fieldErrors` for a ValidationError) becomes the `{ message, fieldErrors? }` body.

/** The base of every domain error; `fieldErrors` lists messages by field ('name', 'items.0.id'). */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule (400). */
export class ValidationError extends DomainError {}
/** The caller could not be authenticated: a bad token or signed request (401). */
export class UnauthorizedError extends DomainError {}
/** The caller is known but may not do this (403). */
export class ForbiddenError extends DomainError {}
/** No such thing for this caller; also what another admin's page looks like (404). */
export class NotFoundError extends DomainError {}
/** The current state forbids it: a duplicate, a campaign already done, a token to reconnect (409). */
export class ConflictError extends DomainError {}
/** Understood but refused by a rule of the platform, e.g. Messenger's 24-hour window (422). */
export class UnprocessableError extends DomainError {}
/** Someone (the platform, or one of our own limits) asks the caller to slow down (429, Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 60,
  ) {
    super(message);
  }
}
/** The platform answered without saying whether it acted (502). */
export class UpstreamError extends DomainError {}
/**
 * A dependency (Graph API, job queue, live updates) is not available right now: retry later (503), after
 * `retryAfterSeconds` when given (Retry-After).
 */
export class UnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const VALIDATION_FAILED = 'Validation failed';

/** Groups zod-style issues by path ('a.b'); top-level issues go under '_'. */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message?: string }>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message ?? 'Invalid value');
  }
  return out;
}

/** The one 400 'Validation failed' of schema checks: every issue under its field. */
export function validationError(
  issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message?: string }>,
): ValidationError {
  return new ValidationError(VALIDATION_FAILED, fieldErrorsFromIssues(issues));
}
