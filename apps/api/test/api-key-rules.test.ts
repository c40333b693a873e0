// The API key rules that need no database (mutation target `apikeys`): the key's format and hash, what a
// key may call by the contract's metadata, its pages, and its own rate limit counted in memory and shared
// through a store (here a fake one: the shared counts of other processes are whatever it answers).
import { API_KEY_MESSAGES, API_KEY_PREFIX, type RouteMeta } from '@pagecast/contract';
import { describe, expect, it } from 'vitest';
import {
  apiKeyHash,
  assertKeyMayCall,
  isApiKeyToken,
  keyAllowsPage,
  newApiKey,
  wellFormedApiKey,
  type ApiKeyGrant,
} from '../src/auth/api-keys.js';
import { createKeyRateLimiter } from '../src/modules/api-keys/rate-limit.js';

const grant = (over: Partial<ApiKeyGrant> = {}): ApiKeyGrant => ({
  keyId: 'k1',
  hash: 'h',
  scopes: ['read'],
  pageIds: null,
  ...over,
});

/** The status and message a check throws, or 'ok'. */
function outcome(fn: () => void): string {
  try {
    fn();
    return 'ok';
  } catch (err) {
    const e = err as { statusCode?: number; message: string };
    return `${e.statusCode} ${e.message}`;
  }
}

describe('the key itself', () => {
  it('is pck_ and 43 base64url characters (256 bits), shown with 12, stored as its SHA-256', () => {
    const a = newApiKey();
    const b = newApiKey();
    expect(a.key).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.prefix).toBe(a.key.slice(0, 12));
    expect(a.hash).toBe(apiKeyHash(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    // SHA-256's own test vector.
    expect(apiKeyHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('tells a key from a JWT by its prefix, and its shape before any lookup', () => {
    expect(API_KEY_PREFIX).toBe('pck_');
    expect(isApiKeyToken('pck_anything')).toBe(true);
    expect(isApiKeyToken('eyJhbGciOi.pck_')).toBe(false);
    expect(wellFormedApiKey(newApiKey().key)).toBe(true);
    expect(wellFormedApiKey(`pck_${'a'.repeat(42)}`)).toBe(false);
    expect(wellFormedApiKey(`pck_${'a'.repeat(44)}`)).toBe(false);
    expect(wellFormedApiKey(`pck_${'a'.repeat(42)}=`)).toBe(false);
    expect(wellFormedApiKey(`xck_${'a'.repeat(43)}`)).toBe(false);
    expect(wellFormedApiKey(` pck_${'a'.repeat(43)}`)).toBe(false);
  });
});

describe('what a key may call', () => {
  const route = (m: Partial<RouteMeta>): RouteMeta => ({ auth: 'admin', ...m });

  it('a route of one of its scopes, and no other', () => {
    expect(outcome(() => assertKeyMayCall(route({ scope: 'read' }), grant()))).toBe('ok');
    expect(
      outcome(() =>
        assertKeyMayCall(route({ scope: 'tags:write' }), grant({ scopes: ['read', 'tags:write'] })),
      ),
    ).toBe('ok');
    expect(outcome(() => assertKeyMayCall(route({ scope: 'inbox:send' }), grant()))).toBe(
      `403 ${API_KEY_MESSAGES.missingScope('inbox:send')}`,
    );
  });

  it('never a session-only route (no scope) nor an operator route, whatever its scopes', () => {
    const all = grant({ scopes: ['read', 'inbox:send', 'tags:write', 'campaigns:write'] });
    expect(outcome(() => assertKeyMayCall(route({}), all))).toBe(
      `403 ${API_KEY_MESSAGES.sessionOnly}`,
    );
    expect(outcome(() => assertKeyMayCall({ auth: 'operator', scope: 'read' }, all))).toBe(
      `403 ${API_KEY_MESSAGES.sessionOnly}`,
    );
  });

  it('its pages only, or every page with none listed', () => {
    expect(keyAllowsPage(grant(), '1')).toBe(true);
    expect(keyAllowsPage(grant({ pageIds: ['1', '2'] }), '2')).toBe(true);
    expect(keyAllowsPage(grant({ pageIds: ['1'] }), '2')).toBe(false);
    expect(keyAllowsPage(grant({ pageIds: [] }), '1')).toBe(false);
  });
});

describe('a key’s own rate limit', () => {
  /** A store that adds what it is sent to `others` (the other processes' hits) and answers the totals. */
  function fakeStore(others = 0) {
    const totals = new Map<string, number>();
    const sent: Array<{ key: string; windowStart: Date; hits: number }> = [];
    let failing = false;
    let gate: Promise<void> | null = null;
    const pool = {
      query: async (_text: string, values: [string[], Date[], number[]]) => {
        if (gate) await gate;
        if (failing) throw new Error('database away');
        const [keys, starts, hits] = values;
        const rows = keys.map((key, i) => {
          sent.push({ key, windowStart: starts[i] as Date, hits: hits[i] as number });
          const total = (totals.get(key) ?? others) + (hits[i] as number);
          totals.set(key, total);
          return { key, hits: total };
        });
        return { rows };
      },
    };
    return {
      pool: pool as never,
      sent,
      fail: (v: boolean) => {
        failing = v;
      },
      /** Holds every answer until the returned function is called. */
      hold: () => {
        let open = () => {};
        gate = new Promise<void>((r) => {
          open = r;
        });
        return () => {
          gate = null;
          open();
        };
      },
    };
  }
  const minute = 60_000;

  it('counts each request, answers what is left and the seconds to the window’s end', () => {
    let now = 10 * minute + 15_000;
    const store = fakeStore();
    const limiter = createKeyRateLimiter({ pool: store.pool, perMinute: 3, now: () => now });
    expect(limiter.hit('k')).toEqual({ limit: 3, remaining: 2, resetSeconds: 45 });
    now += 14_500;
    expect(limiter.hit('k')).toEqual({ limit: 3, remaining: 1, resetSeconds: 31 });
    expect(limiter.hit('k').remaining).toBe(0);
    expect(limiter.hit('k').remaining).toBe(-1);
    // Another key counts apart.
    expect(limiter.hit('other').remaining).toBe(2);
    // The next minute starts again.
    now = 11 * minute;
    expect(limiter.hit('k')).toEqual({ limit: 3, remaining: 2, resetSeconds: 60 });
    now = 11 * minute + 59_999;
    expect(limiter.hit('k').resetSeconds).toBe(1);
    void limiter.close();
  });

  it('shares its counts and learns the other processes’ on each exchange', async () => {
    const now = 20 * minute + 1000;
    const store = fakeStore(5);
    const limiter = createKeyRateLimiter({ pool: store.pool, perMinute: 10, now: () => now });
    limiter.hit('k');
    limiter.hit('k');
    expect(limiter.hit('k').remaining).toBe(7);
    await limiter.flush();
    expect(store.sent).toEqual([
      { key: 'apikey:k:20', windowStart: new Date(20 * minute), hits: 3 },
    ]);
    // 5 elsewhere + 3 here, then this one.
    expect(limiter.hit('k').remaining).toBe(1);
    await limiter.flush();
    expect(store.sent.at(-1)).toEqual({
      key: 'apikey:k:20',
      windowStart: new Date(20 * minute),
      hits: 1,
    });
    // Nothing new: nothing sent.
    await limiter.flush();
    expect(store.sent).toHaveLength(2);
    await limiter.close();
  });

  it('keeps counting while the store is away, and sends the hits with the next exchange', async () => {
    const now = 30 * minute;
    const store = fakeStore();
    const warned: unknown[] = [];
    const limiter = createKeyRateLimiter({
      pool: store.pool,
      perMinute: 10,
      now: () => now,
      log: { warn: (o: unknown, msg: string) => void warned.push([o, msg]) } as never,
    });
    limiter.hit('k');
    limiter.hit('k');
    store.fail(true);
    await limiter.flush();
    expect(warned).toEqual([
      [{ err: new Error('database away') }, 'could not share the API keys request counts'],
    ]);
    expect(limiter.hit('k').remaining).toBe(7);
    store.fail(false);
    await limiter.flush();
    expect(store.sent).toEqual([
      { key: 'apikey:k:30', windowStart: new Date(30 * minute), hits: 3 },
    ]);
    expect(limiter.hit('k').remaining).toBe(6);
    await limiter.close();
  });

  it('forgets a window once it has passed, and one exchange at a time', async () => {
    let now = 40 * minute;
    const store = fakeStore();
    const limiter = createKeyRateLimiter({ pool: store.pool, perMinute: 10, now: () => now });
    limiter.hit('k');
    now = 41 * minute;
    await limiter.flush();
    // The past window's pending hit is dropped, not sent into the new one.
    expect(store.sent).toEqual([]);
    limiter.hit('k');
    const [a, b] = [limiter.flush(), limiter.flush()];
    expect(a).toBe(b);
    await a;
    expect(store.sent).toHaveLength(1);
    await limiter.close();
  });

  it('counts the hits being sent as used while their exchange is under way', async () => {
    const now = 50 * minute;
    const store = fakeStore();
    const limiter = createKeyRateLimiter({ pool: store.pool, perMinute: 10, now: () => now });
    limiter.hit('k');
    limiter.hit('k');
    const open = store.hold();
    const exchange = limiter.flush();
    expect(limiter.hit('k').remaining).toBe(7);
    open();
    await exchange;
    expect(limiter.hit('k').remaining).toBe(6);
    await limiter.close();
  });

  it('exchanges on its own every flushMs, and stops once closed', async () => {
    const store = fakeStore();
    const limiter = createKeyRateLimiter({ pool: store.pool, perMinute: 10, flushMs: 10 });
    limiter.hit('k');
    await expect.poll(() => store.sent.length, { timeout: 500, interval: 5 }).toBe(1);
    await limiter.close();
    limiter.hit('k');
    await new Promise((r) => setTimeout(r, 40));
    expect(store.sent).toHaveLength(1);
  });

  it('sends what is left on close, and needs no logger to survive a failed exchange', async () => {
    const store = fakeStore();
    const limiter = createKeyRateLimiter({ pool: store.pool, perMinute: 10, flushMs: 60_000 });
    limiter.hit('k');
    store.fail(true);
    await expect(limiter.flush()).resolves.toBeUndefined();
    store.fail(false);
    limiter.hit('k');
    await limiter.close();
    expect(store.sent.map((x) => x.hits)).toEqual([2]);
  });
});
