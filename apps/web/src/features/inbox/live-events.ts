// The live inbox stream (GET /api/v1/chats/:pageId/events, Server-Sent Events) read with fetch (which can
// tell a 401 from a network error, unlike EventSource), authenticated by the session cookie.
import { LiveEvent } from '@pagecast/contract';

export type LiveMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'resync' }
  /** The server ended the stream because the session is over (logged out elsewhere, expired, removed). */
  | { kind: 'session-ended'; reason: string };

/** Incremental SSE parser: feed it text chunks, get the complete messages (comments and retry skipped). */
export function createSseParser() {
  let buffer = '';
  return (chunk: string): LiveMessage[] => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const out: LiveMessage[] = [];
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let eventName = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') eventName = value;
        else if (field === 'data') data.push(value);
      }
      if (eventName === 'resync') out.push({ kind: 'resync' });
      else if (eventName === 'session-ended')
        out.push({ kind: 'session-ended', reason: reasonOf(data) });
      else if (data.length > 0) {
        try {
          const parsed = LiveEvent.safeParse(JSON.parse(data.join('\n')));
          if (parsed.success) out.push({ kind: 'event', event: parsed.data });
        } catch {
          /* not JSON: ignore, the stream goes on */
        }
      }
    }
    return out;
  };
}

function reasonOf(data: string[]): string {
  try {
    const value = (JSON.parse(data.join('\n')) as { reason?: unknown }).reason;
    return typeof value === 'string' ? value : 'ended';
  } catch {
    return 'ended';
  }
}

/** The `session-ended` reason of a stream whose page the admin lost (the API's modules/inbox/events.ts). */
export const PAGE_ACCESS_LOST = 'page-access-lost';

export interface LiveConnectionOptions {
  url: string;
  onMessage: (message: LiveMessage) => void;
  /** Each (re)connection: whatever happened while disconnected was missed, so callers refetch. */
  onOpen?: (reconnect: boolean) => void;
  /** An open stream ended (a reconnect follows unless stopped): callers may poll meanwhile. */
  onClose?: () => void;
  /** 401/403, or the server ended the stream with the session: the session is over; no reconnect. */
  onUnauthorized?: () => void;
  /**
   * The server ended the stream because the admin no longer manages this page with a messaging role: the
   * session goes on, this page's stream does not (no reconnect). Without it, treated as onUnauthorized.
   */
  onPageAccessLost?: () => void;
  fetchImpl?: typeof fetch;
  /** Backoff of reconnects: base doubling up to max (ms). */
  backoff?: { baseMs: number; maxMs: number };
}

/** Connects and keeps reconnecting with exponential backoff until the returned function is called. */
export function connectLiveEvents(options: LiveConnectionOptions): () => void {
  const controller = new AbortController();
  const { baseMs, maxMs } = options.backoff ?? { baseMs: 1000, maxMs: 30_000 };
  const doFetch = options.fetchImpl ?? fetch;
  let attempt = 0;
  let opened = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    if (controller.signal.aborted) return;
    let open = false;
    try {
      const res = await doFetch(options.url, {
        headers: { accept: 'text/event-stream' },
        // Authenticated by the session cookie.
        credentials: 'same-origin',
        signal: controller.signal,
        cache: 'no-store',
      });
      if (res.status === 401 || res.status === 403) {
        options.onUnauthorized?.();
        return;
      }
      if (!res.ok || !res.body) throw new Error(`live events: HTTP ${res.status}`);
      options.onOpen?.(opened);
      opened = true;
      open = true;
      attempt = 0;
      const parse = createSseParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const message of parse(value)) {
          if (message.kind === 'session-ended') {
            controller.abort();
            if (message.reason === PAGE_ACCESS_LOST && options.onPageAccessLost)
              options.onPageAccessLost();
            else options.onUnauthorized?.();
            return;
          }
          options.onMessage(message);
        }
      }
    } catch {
      /* network error or abort: reconnect below unless stopped */
    }
    if (open) options.onClose?.();
    if (controller.signal.aborted) return;
    const delay = Math.min(maxMs, baseMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt++;
    timer = setTimeout(() => void run(), delay);
  };
  void run();
  return () => {
    controller.abort();
    if (timer) clearTimeout(timer);
  };
}
