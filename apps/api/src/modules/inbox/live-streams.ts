// The live streams this process holds open, by admin and session: the caps (one admin, the whole process)
// and the way an ended session's streams are found and closed.
import { RateLimitedError } from '../../errors.js';

export interface LiveStream {
  adminId: string;
  /** The session it was opened with, or the API key's id. */
  sessionId: string;
  /** The API key's hash, when a key opened it (re-checked by key after a reconnect, not as a session). */
  keyHash?: string;
  /** The page it follows (its Facebook id), whose access is re-checked when the admin's access changes. */
  pageId: string;
  /** Ends the stream, telling the client why (`session-ended` with a reason) or silently (shutdown). */
  close: (reason?: string) => void;
}

export const STREAM_LIMIT_MESSAGES = {
  admin: (max: number) =>
    `Too many live connections: at most ${max} open at once. Close other Pagecast tabs and try again.`,
  process: 'The server has too many live connections right now. Please try again in a minute.',
} as const;

export class LiveStreams {
  private readonly all = new Set<LiveStream>();
  private readonly byAdmin = new Map<string, Set<LiveStream>>();

  constructor(private readonly limits: { perAdmin: number; perProcess: number }) {}

  get size(): number {
    return this.all.size;
  }

  /** Registers a stream, or throws RateLimitedError (429) when a cap is reached; returns its release. */
  add(stream: LiveStream): () => void {
    const mine = this.byAdmin.get(stream.adminId);
    if ((mine?.size ?? 0) >= this.limits.perAdmin) {
      throw new RateLimitedError(STREAM_LIMIT_MESSAGES.admin(this.limits.perAdmin));
    }
    if (this.all.size >= this.limits.perProcess) {
      throw new RateLimitedError(STREAM_LIMIT_MESSAGES.process);
    }
    this.all.add(stream);
    if (mine) mine.add(stream);
    else this.byAdmin.set(stream.adminId, new Set([stream]));
    return () => this.remove(stream);
  }

  /** Closes the streams of one session, or of every session of an admin. */
  closeSessions(target: { sessionId?: string; adminId?: string }, reason: string): number {
    const matching = [...this.all].filter((s) =>
      target.sessionId ? s.sessionId === target.sessionId : s.adminId === target.adminId,
    );
    for (const stream of matching) stream.close(reason);
    return matching.length;
  }

  /** The streams one admin holds open here. */
  ofAdmin(adminId: string): LiveStream[] {
    return [...(this.byAdmin.get(adminId) ?? [])];
  }

  /** Every stream (to re-check their sessions after missed notifications, or to end them at shutdown). */
  list(): LiveStream[] {
    return [...this.all];
  }

  private remove(stream: LiveStream): void {
    this.all.delete(stream);
    const mine = this.byAdmin.get(stream.adminId);
    mine?.delete(stream);
    if (mine?.size === 0) this.byAdmin.delete(stream.adminId);
  }
}
