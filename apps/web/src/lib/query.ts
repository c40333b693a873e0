// The one way a web feature reads a ts-rest answer: `unwrap` keeps the expected status's body and turns any
// other answer into an `ApiError`, the only error type of a failed call. The server's error body is
// `{ message, fieldErrors? }` (docs/CONVENTIONS.md "Errors").
import { insertParamsIntoPath, type AppRoute } from '@ts-rest/core';

type FieldErrors = Record<string, string[]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `body.message` when the server sent a non-blank one. */
function messageOf(body: unknown): string | undefined {
  if (!isRecord(body) || typeof body.message !== 'string') return undefined;
  return body.message.trim() === '' ? undefined : body.message;
}

/**
 * A call that did not get its expected answer. `message` is the server's message, else `fallback`;
 * `fieldErrors` are the server's per-field messages. `status` is 0 when no request was sent.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The answer's body as received. */
  readonly body: unknown;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(status: number, body: unknown, fallback = `Request failed with status ${status}`) {
    super(messageOf(body) ?? fallback);
    this.status = status;
    this.body = body;
    this.fieldErrors =
      isRecord(body) && isRecord(body.fieldErrors) ? (body.fieldErrors as FieldErrors) : undefined;
  }

  /** The error body as the tag screens read it (`TagActionError.data`); none when the body was not JSON. */
  get data(): { message: string; fieldErrors: FieldErrors | undefined } | undefined {
    return isRecord(this.body)
      ? { message: this.message, fieldErrors: this.fieldErrors }
      : undefined;
  }
}

/** The body of the `ok` answer; any other status throws an ApiError (`fallback` when the server gave no message). */
export function unwrap<R extends { status: number; body: unknown }, S extends R['status']>(
  res: R,
  ok: S,
  fallback?: string,
): Extract<R, { status: S }>['body'] {
  if (res.status !== ok) throw new ApiError(res.status, res.body, fallback);
  return res.body;
}

/** What to show for a failed call: the server's message, else `fallback` (network errors, empty bodies). */
export function errorMessage(error: unknown, fallback: string): string {
  return (isRecord(error) ? messageOf(error.body) : undefined) ?? fallback;
}

/**
 * A paged list's error to show: only while nothing is loaded (after a first success a failed page keeps the
 * list), in the server's words, else the error's, else `fallback`.
 */
export function firstLoadError(
  query: { isError: boolean; data: unknown; error: Error | null },
  fallback: string,
): string | null {
  return query.isError && !query.data && query.error
    ? errorMessage(query.error, query.error.message || fallback)
    : null;
}

/** Thrown by a page action when no page is selected (the dashboard guard makes it rare). */
export const noPageSelected = () => new ApiError(0, { message: 'Select a page first.' });

/** A page action's `mutationFn`: `request` with the selected page's id, refused while none is selected. */
export function pageRequest<V, R>(
  pageId: string | undefined,
  request: (pageId: string, variables: V) => Promise<R>,
): (variables: V) => Promise<R> {
  return async (variables) => {
    if (!pageId) throw noPageSelected();
    return request(pageId, variables);
  };
}

/** A contract route's URL with its `:params` filled (for calls the ts-rest client cannot make: SSE, files). */
export function routeUrl(route: Pick<AppRoute, 'path'>, params: Record<string, string>): string {
  const encoded = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, encodeURIComponent(value)]),
  );
  return insertParamsIntoPath({ path: route.path, params: encoded });
}
