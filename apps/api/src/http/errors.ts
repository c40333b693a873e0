/** The one error body (CONVENTIONS "Errors"). */
export interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * Thrown by the HTTP layer itself (auth hooks, request guards) with its status; services throw the domain
 * errors of src/errors.ts instead. The error handler turns either into `status` + `{ message, fieldErrors }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): ErrorBody {
    return errorBody(this);
  }
}

/** The body of an error: `{ message }`, plus `fieldErrors` when it has them. */
export function errorBody(err: {
  message: string;
  fieldErrors?: Record<string, string[]>;
}): ErrorBody {
  return err.fieldErrors
    ? { message: err.message, fieldErrors: err.fieldErrors }
    : { message: err.message };
}
