// Reading an answer: ts-rest hands back every declared status as a value (`if (res.status === 201)`); these
// helpers cover the common case of wanting the success body or an error carrying the API's message.
import { ErrorBody } from '@pagecast/contract';
import type { SuccessfulHttpStatusCode } from '@ts-rest/core';

/** Any answer of the client: ts-rest's `{ status, body, headers }`. */
export interface PagecastResponse {
  status: number;
  body: unknown;
}

/** The 2xx answers among a route's answers `R`. */
export type OkResponse<R extends PagecastResponse> = Extract<
  R,
  { status: SuccessfulHttpStatusCode }
>;

/** The answer is a success (2xx): narrows `res` to the route's success answers. */
export function isOk<R extends PagecastResponse>(res: R): res is OkResponse<R> {
  return res.status >= 200 && res.status < 300;
}

/** The success body of `res`; any other answer throws a PagecastError with its status and message. */
export function expectOk<R extends PagecastResponse>(res: R): OkResponse<R>['body'] {
  if (isOk(res)) return res.body;
  throw new PagecastError(res.status, res.body);
}

/**
 * A Pagecast error answer: its status, the API's message and, for a broken rule (400), the message of each
 * field (`fieldErrors.msg`, ...). `body` is the contract's ErrorBody; an answer without one (a proxy's
 * page) keeps its status and gets a message saying so.
 */
export class PagecastError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly fieldErrors: Record<string, string[]> | undefined;

  constructor(status: number, body: unknown) {
    const parsed = ErrorBody.safeParse(body);
    const errorBody: ErrorBody = parsed.success
      ? parsed.data
      : { message: `Pagecast answered ${status} without an error body` };
    super(errorBody.message);
    this.name = 'PagecastError';
    this.status = status;
    this.body = errorBody;
    this.fieldErrors = errorBody.fieldErrors;
  }
}

export function isPagecastError(value: unknown): value is PagecastError {
  return value instanceof PagecastError;
}
