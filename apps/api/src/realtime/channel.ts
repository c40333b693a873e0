// The wire format of live events between API processes: one Postgres NOTIFY channel, JSON payloads.
// NOTIFY payloads must stay under 8000 bytes: a message event whose text would not fit travels as a
// reference (page id + mid) and the receiving hub loads it from the database.
import type { LiveEvent } from '@pagecast/contract';

export const LIVE_CHANNEL = 'pagecast_live';
/** Ended sessions (modules/sessions/repo.ts): every API process closes the live streams they opened. */
export const SESSION_CHANNEL = 'pagecast_sessions';

/** One session, or every session of an admin, has ended. */
export type SessionEnded =
  | { sessionId: string; adminId?: undefined; reason: string }
  | { adminId: string; sessionId?: undefined; reason: string };

export function decodeSessionEnded(raw: string | undefined): SessionEnded | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SessionEnded>;
    if (typeof v?.reason !== 'string') return null;
    if (typeof v.sessionId === 'string') return { sessionId: v.sessionId, reason: v.reason };
    if (typeof v.adminId === 'string') return { adminId: v.adminId, reason: v.reason };
    return null;
  } catch {
    return null;
  }
}
/**
 * An admin's page links or roles were rewritten (sign-in, the page access re-check): their open streams
 * re-check the page they follow. Travels on the sessions channel; it carries no `reason`, so it is never
 * read as an ended session.
 */
export interface AccessChanged {
  accessOf: string;
}

export function decodeAccessChanged(raw: string | undefined): AccessChanged | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<AccessChanged>;
    return typeof v?.accessOf === 'string' ? { accessOf: v.accessOf } : null;
  } catch {
    return null;
  }
}

/** Postgres refuses payloads of 8000 bytes or more; keep a margin for escaping. */
export const MAX_PAYLOAD_BYTES = 7800;
const PREVIEW_MAX = 200;

/** A full event, or a reference to a stored message too big to travel whole. */
export type WirePayload =
  { p: string; e: LiveEvent } | { p: string; ref: { type: 'message'; psid: string; mid: string } };

export function encodePayload(pageFbId: string, event: LiveEvent): string {
  const whole = JSON.stringify({ p: pageFbId, e: shrink(event) } satisfies WirePayload);
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return whole;
  if (event.type === 'message') {
    return JSON.stringify({
      p: pageFbId,
      ref: { type: 'message', psid: event.psid, mid: event.message.id },
    } satisfies WirePayload);
  }
  // Other events only carry short fields once previews are cut; this is a safety net.
  throw new Error(`live event of type ${event.type} is too large to publish`);
}

export function decodePayload(raw: string | undefined): WirePayload | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as WirePayload;
    return typeof v?.p === 'string' && ('e' in v || 'ref' in v) ? v : null;
  } catch {
    return null;
  }
}

/** Previews are display hints: cut them so contact events always fit. */
function shrink(event: LiveEvent): LiveEvent {
  if (event.type !== 'contact') return event;
  const preview = event.recipient.lastMessagePreview;
  if (!preview || preview.length <= PREVIEW_MAX) return event;
  return {
    ...event,
    recipient: { ...event.recipient, lastMessagePreview: `${preview.slice(0, PREVIEW_MAX - 1)}…` },
  };
}
