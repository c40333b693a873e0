import { fbtraceId } from '../util/format.js';

/**
 * A Graph API error as Facebook answers it: `{error:{message,type,code,error_subcode,fbtrace_id}}`.
 * HTTP status: 400 for everything except the "temporary" codes 1 and 2 (500) and injected raw 5xx.
 */
export class GraphApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly subcode?: number,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
    readonly status = code === 1 || code === 2 ? 500 : 400,
  ) {
    super(message);
  }

  body(): { error: Record<string, unknown> } {
    return {
      error: {
        message: this.message,
        type: 'OAuthException',
        code: this.code,
        ...(this.subcode !== undefined ? { error_subcode: this.subcode } : {}),
        ...this.extra,
        fbtrace_id: fbtraceId(),
      },
    };
  }
}

/** A raw HTTP failure (no Graph error envelope), used for fault injection (`failCodes: [500]`). */
export class RawHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export const errors = {
  missingToken: () =>
    new GraphApiError(104, 'An access token is required to request this resource.'),
  badToken: (message: string, subcode?: number) => new GraphApiError(190, message, subcode),
  unknownObject: (method: string, id: string) =>
    new GraphApiError(
      100,
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      33,
    ),
  unknownPath: (path: string) => new GraphApiError(2500, `Unknown path components: /${path}`),
  nonexistingField: (field: string, node: string) =>
    new GraphApiError(
      100,
      `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`,
    ),
  param: (message: string, subcode?: number) =>
    new GraphApiError(100, `(#100) ${message}`, subcode),
  permission: (scope: string) =>
    new GraphApiError(200, `(#200) Requires ${scope} permission to manage the object`),
  pageTokenRequired: () => new GraphApiError(210, '(#210) This call requires a Page access token.'),
  appTokenRequired: () =>
    new GraphApiError(
      100,
      '(#100) You must provide an app access token, or a user access token that is an owner or developer of the app',
    ),
  /** A retired message tag, in or out of the window (what Meta answers since 2026-04-27). */
  retiredTag: () => new GraphApiError(100, 'Invalid parameter', 1893061),
  noMatchingUser: () => new GraphApiError(100, '(#100) No matching user found', 2018001),
  /** A person who blocked the page or is gone: Meta's table lists it under 551 and under 200 (MP/error-codes). */
  unavailable: (code: 551 | 200 = 551) =>
    code === 200
      ? new GraphApiError(
          200,
          "(#200) Message Not Sent: This person isn't available right now.",
          1545041,
        )
      : new GraphApiError(551, "(#551) This person isn't available right now.", 1545041),
  outsideWindow: () =>
    new GraphApiError(
      10,
      '(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview',
      2018278,
    ),
  temporary: () =>
    new GraphApiError(
      1200,
      '(#1200) Temporary send message failure. Please try again later',
      2018024,
    ),
  unknownError: () =>
    new GraphApiError(1, 'An unknown error occurred', undefined, {}, { is_transient: true }),
  serviceUnavailable: () =>
    new GraphApiError(
      2,
      'An unexpected error has occurred. Please retry your request later.',
      undefined,
      {},
      { is_transient: true },
    ),
};
