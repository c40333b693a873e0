/** The one error body (CONVENTIONS "Errors"). */
export interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}

/** Thrown anywhere in a request; the app's error handler turns it into `status` + `{ message, fieldErrors }`. */
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
    return this.fieldErrors
      ? { message: this.message, fieldErrors: this.fieldErrors }
      : { message: this.message };
  }
}

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
