import { randomToken } from '../util/format.js';
import type { TokenRecord } from './types.js';

export const SHORT_LIVED_SECONDS = 2 * 3600;
export const LONG_LIVED_SECONDS = 5_184_000;
const DATA_ACCESS_SECONDS = 90 * 86_400;

export type TokenCheck =
  | { ok: true; record: TokenRecord }
  | { ok: false; subcode?: number; message: string; record?: TokenRecord };

/** Opaque random tokens with type, scopes and expiry. The app token `{app-id}|{app-secret}` is not stored. */
export class TokenStore {
  readonly byToken = new Map<string, TokenRecord>();
  /** `${userToken}:${pageId}` -> page token, so /me/accounts keeps answering the same page token. */
  private readonly pageTokenCache = new Map<string, string>();

  constructor(private readonly now: () => number) {}

  issue(
    input: Pick<TokenRecord, 'type' | 'userId' | 'pageId' | 'appId' | 'scopes'> & {
      longLived: boolean;
      expiresInSeconds?: number;
    },
  ): TokenRecord {
    const now = this.now();
    const lifetime =
      input.expiresInSeconds ?? (input.longLived ? LONG_LIVED_SECONDS : SHORT_LIVED_SECONDS);
    const record: TokenRecord = {
      token: randomToken('EAA'),
      type: input.type,
      userId: input.userId,
      ...(input.pageId ? { pageId: input.pageId } : {}),
      appId: input.appId,
      scopes: [...input.scopes],
      issuedAt: now,
      expiresAt: lifetime === 0 ? 0 : now + lifetime * 1000,
      dataAccessExpiresAt: now + DATA_ACCESS_SECONDS * 1000,
      longLived: input.longLived,
    };
    this.byToken.set(record.token, record);
    return record;
  }

  /** Page token derived from a user token: never expires when the user token is long-lived. */
  pageTokenFor(user: TokenRecord, pageId: string): TokenRecord {
    const key = `${user.token}:${pageId}`;
    const cached = this.pageTokenCache.get(key);
    const existing = cached ? this.byToken.get(cached) : undefined;
    if (existing && !existing.invalidSubcode) return existing;
    const remaining =
      user.expiresAt === 0 ? 0 : Math.max(1, Math.round((user.expiresAt - this.now()) / 1000));
    const record = this.issue({
      type: 'PAGE',
      userId: user.userId,
      pageId,
      appId: user.appId,
      scopes: user.scopes,
      longLived: user.longLived,
      expiresInSeconds: user.longLived ? 0 : remaining,
    });
    this.pageTokenCache.set(key, record.token);
    return record;
  }

  check(token: string): TokenCheck {
    const record = this.byToken.get(token);
    if (!record)
      return { ok: false, message: 'Invalid OAuth access token - Cannot parse access token' };
    if (record.invalidSubcode) {
      return {
        ok: false,
        subcode: record.invalidSubcode,
        message: invalidMessage(record.invalidSubcode),
        record,
      };
    }
    if (record.expiresAt !== 0 && record.expiresAt <= this.now()) {
      return {
        ok: false,
        subcode: 463,
        message: `Error validating access token: Session has expired on ${new Date(record.expiresAt).toUTCString()}. The current time is ${new Date(this.now()).toUTCString()}.`,
        record,
      };
    }
    return { ok: true, record };
  }

  expire(token: string): boolean {
    const record = this.byToken.get(token);
    if (!record) return false;
    record.expiresAt = this.now() - 1000;
    return true;
  }

  invalidate(token: string, subcode: number): boolean {
    const record = this.byToken.get(token);
    if (!record) return false;
    record.invalidSubcode = subcode;
    return true;
  }

  invalidateUser(userId: string, subcode: number): number {
    let n = 0;
    for (const record of this.byToken.values()) {
      if (record.userId === userId && !record.invalidSubcode) {
        record.invalidSubcode = subcode;
        n++;
      }
    }
    return n;
  }

  clear(): void {
    this.byToken.clear();
    this.pageTokenCache.clear();
  }
}

export function invalidMessage(subcode: number): string {
  switch (subcode) {
    case 458:
      return 'Error validating access token: The user has not authorized application.';
    case 459:
      return 'Error validating access token: You cannot access the app till you log in to www.facebook.com and follow the instructions given.';
    case 460:
      return 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.';
    case 464:
      return 'Error validating access token: Sessions for the user are not allowed because the user is not a confirmed user.';
    default:
      return 'Error validating access token: The session is invalid because the user logged out.';
  }
}
