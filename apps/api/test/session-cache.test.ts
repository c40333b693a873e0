// The per-process session cache (auth/session-cache.ts) on a fake hub and a fake database check: what it
// answers itself, what sends it back to the database, and what it refuses to keep.
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSessionCache,
  sessionsEnding,
  type SessionCache,
  type SessionCacheOptions,
  type SessionEvents,
} from '../src/auth/session-cache.js';
import type { SessionState } from '../src/auth/jwt.js';
import type { SessionEnded } from '../src/realtime/channel.js';

const ADMIN = 'admin-1';
const OTHER_ADMIN = 'admin-2';

/** A hub whose connection and notifications the test drives. */
function fakeEvents() {
  const listeners = new Set<(ended: SessionEnded) => void>();
  const hub = {
    current: 1 as number | null,
    connection: () => hub.current,
    onSessionEnded: (fn: (ended: SessionEnded) => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    ready: () => Promise.resolve(),
    notify: (ended: SessionEnded) => {
      for (const fn of listeners) fn(ended);
    },
    listeners,
  };
  return hub satisfies SessionEvents;
}

/** The database check: answers from `states` (default active) and counts its calls. */
function fakeLoad(states = new Map<string, SessionState>()) {
  const load = async (sessionId: string, _adminId: string) => {
    load.calls++;
    return states.get(sessionId) ?? 'active';
  };
  load.calls = 0;
  return load;
}

/** A check that stays in flight until `release` (to change the world while it reads). */
function heldLoad() {
  let release: (state: SessionState) => void = () => {};
  const load = (_sessionId: string, _adminId: string) => {
    load.calls++;
    return new Promise<SessionState>((resolve) => (release = resolve));
  };
  load.calls = 0;
  return { load, release: (state: SessionState) => release(state) };
}

const open: Array<SessionCache<SessionState>> = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

function cache(options: Partial<SessionCacheOptions<SessionState>> = {}) {
  const events = fakeEvents();
  const load = fakeLoad();
  const c = createSessionCache<SessionState>({ load, events, ...options });
  open.push(c);
  return { c, events, load };
}

describe('session cache', () => {
  it('answers a session it has checked without going back to the database', async () => {
    const { c, load } = cache();
    expect(await c.state('s1', ADMIN)).toBe('active');
    expect(await c.state('s1', ADMIN)).toBe('active');
    expect(load.calls).toBe(1);
    // Another admin naming the same session id is checked, not answered from the first one's entry.
    await c.state('s1', OTHER_ADMIN);
    expect(load.calls).toBe(2);
  });

  it("drops a session when its end is notified, and every session of an admin on the admin's", async () => {
    const states = new Map<string, SessionState>();
    const load = fakeLoad(states);
    const { c, events } = cache({ load });
    for (const s of ['s1', 's2']) await c.state(s, ADMIN);
    await c.state('s3', OTHER_ADMIN);
    states.set('s1', 'ended');
    events.notify({ sessionId: 's1', reason: 'logout' });
    expect(await c.state('s1', ADMIN)).toBe('ended');
    expect(load.calls).toBe(4);
    states.set('s2', 'ended');
    events.notify({ adminId: ADMIN, reason: 'deauthorized' });
    expect(await c.state('s2', ADMIN)).toBe('ended');
    expect(await c.state('s3', OTHER_ADMIN)).toBe('active');
    expect(load.calls).toBe(5);
  });

  it('goes to the database while not listening, and keeps nothing cached from before', async () => {
    const { c, events, load } = cache();
    await c.state('s1', ADMIN);
    events.current = null;
    await c.state('s1', ADMIN);
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(3);
    expect(c.size).toBe(0);
  });

  it('trusts no entry read under a LISTEN connection that has since been replaced', async () => {
    const { c, events, load } = cache();
    await c.state('s1', ADMIN);
    // Lost and re-established between two requests: ends in the gap were missed.
    events.current = 2;
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(2);
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(2);
  });

  it('does not keep an answer read while a notification arrived', async () => {
    const held = heldLoad();
    const { c, events } = cache({ load: held.load });
    const reading = c.state('s1', ADMIN);
    events.notify({ sessionId: 's9', reason: 'logout' });
    held.release('active');
    expect(await reading).toBe('active');
    expect(c.size).toBe(0);
  });

  it('does not keep an answer read while the connection was lost or replaced', async () => {
    const held = heldLoad();
    const { c, events } = cache({ load: held.load });
    const reading = c.state('s1', ADMIN);
    events.current = 2;
    held.release('active');
    await reading;
    expect(c.size).toBe(0);
  });

  it('keeps an answer a minute at most, and never past the bound the caller gives', async () => {
    let t = 1_000_000;
    const { c, load } = cache({ now: () => t, maxAgeMs: 60_000 });
    await c.state('s1', ADMIN);
    t += 59_999;
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(1);
    t += 1;
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(2);
    await c.state('s2', ADMIN, t + 5_000);
    t += 5_000;
    await c.state('s2', ADMIN, t);
    expect(load.calls).toBe(4);
  });

  it('holds at most `max` sessions, letting the oldest go (a hit does not renew its place)', async () => {
    const { c, load } = cache({ max: 2 });
    await c.state('s1', ADMIN);
    await c.state('s2', ADMIN);
    await c.state('s1', ADMIN);
    await c.state('s3', ADMIN);
    expect(c.size).toBe(2);
    expect(load.calls).toBe(3);
    await c.state('s2', ADMIN);
    await c.state('s3', ADMIN);
    expect(load.calls).toBe(3);
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(4);
  });

  it('withholds sessions ended in this process until their NOTIFY arrives', async () => {
    let t = 0;
    const { c, events, load } = cache({ now: () => t, maxAgeMs: 60_000 });
    await c.state('s1', ADMIN);
    await c.state('s2', ADMIN);
    sessionsEnding({ adminId: ADMIN, sessionId: 's1' });
    await c.state('s1', ADMIN);
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(4);
    // Not the admin's other sessions: only the one being ended.
    await c.state('s2', ADMIN);
    expect(load.calls).toBe(4);
    events.notify({ sessionId: 's1', reason: 'logout' });
    await c.state('s1', ADMIN);
    await c.state('s1', ADMIN);
    expect(load.calls).toBe(5);
    // Every session of an admin; an end that never notifies (rolled back) lapses after a minute.
    sessionsEnding({ adminId: ADMIN });
    await c.state('s2', ADMIN);
    await c.state('s2', ADMIN);
    expect(load.calls).toBe(7);
    t += 60_000;
    await c.state('s2', ADMIN);
    await c.state('s2', ADMIN);
    expect(load.calls).toBe(8);
  });

  it('a closed cache leaves the hub and is no longer told of ends', () => {
    const { c, events } = cache();
    expect(events.listeners.size).toBe(1);
    c.close();
    expect(events.listeners.size).toBe(0);
    expect(() => sessionsEnding({ adminId: ADMIN })).not.toThrow();
  });
});
