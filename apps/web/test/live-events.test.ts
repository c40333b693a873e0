import type { LiveEvent } from '@pagecast/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectLiveEvents,
  createSseParser,
  type LiveMessage,
} from '../src/features/inbox/live-events';

const PAGE = '500000000000001';
const messageEvent = (id: string): LiveEvent => ({
  type: 'message',
  pageId: PAGE,
  psid: '42',
  message: {
    id,
    message: `hi ${id}`,
    createdAt: '2030-01-01T12:00:00.000Z',
    sentBy: '42',
    status: 'received',
    attachments: [],
    reaction: null,
    campaign: null,
  },
});
const readEvent: LiveEvent = {
  type: 'read',
  pageId: PAGE,
  psid: '42',
  watermark: '2030-01-01T12:00:00.000Z',
};
const frame = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

describe('createSseParser', () => {
  it('turns each data frame into a contract LiveEvent', () => {
    const parse = createSseParser();
    expect(parse(frame(messageEvent('m1')) + frame(readEvent))).toEqual([
      { kind: 'event', event: messageEvent('m1') },
      { kind: 'event', event: readEvent },
    ]);
  });

  it('waits for the blank line: a frame split over chunks comes out once, whole', () => {
    const parse = createSseParser();
    const text = frame(messageEvent('m2'));
    const cut1 = 10;
    const cut2 = text.length - 1; // between the two newlines
    expect(parse(text.slice(0, cut1))).toEqual([]);
    expect(parse(text.slice(cut1, cut2))).toEqual([]);
    expect(parse(text.slice(cut2))).toEqual([{ kind: 'event', event: messageEvent('m2') }]);
    expect(parse('')).toEqual([]);
  });

  it('accepts CRLF and CR line endings', () => {
    const parse = createSseParser();
    const json = JSON.stringify(readEvent);
    expect(parse(`data: ${json}\r\n\r\n`)).toEqual([{ kind: 'event', event: readEvent }]);
    expect(parse(`data: ${json}\r\r`)).toEqual([{ kind: 'event', event: readEvent }]);
  });

  it('joins multi-line data with newlines and strips only one leading space', () => {
    const parse = createSseParser();
    const [head, ...rest] = JSON.stringify(readEvent, null, 1).split('\n');
    const block = [`data:${head}`, ...rest.map((line) => `data: ${line}`)].join('\n');
    expect(parse(`${block}\n\n`)).toEqual([{ kind: 'event', event: readEvent }]);
  });

  it('skips comments (keep-alives), retry and id fields, and frames without data', () => {
    const parse = createSseParser();
    expect(parse(': keep-alive\n\nretry: 5000\n\nid: 7\n\n')).toEqual([]);
    expect(parse(`: hello\nid: 8\n${frame(readEvent)}`)).toEqual([
      { kind: 'event', event: readEvent },
    ]);
  });

  it("an 'event: resync' frame asks for a refetch, data or not", () => {
    const parse = createSseParser();
    expect(parse('event: resync\ndata: {}\n\nevent: resync\n\n')).toEqual([
      { kind: 'resync' },
      { kind: 'resync' },
    ]);
  });

  it('drops frames that are not JSON or not a LiveEvent, and keeps going', () => {
    const parse = createSseParser();
    const out = parse(
      'data: not json\n\n' +
        frame({ type: 'unknown', pageId: PAGE }) +
        frame({ ...readEvent, pageId: 'not-a-graph-id' }) +
        frame({ ...readEvent, watermark: 'yesterday' }) +
        frame(messageEvent('m3')),
    );
    expect(out).toEqual([{ kind: 'event', event: messageEvent('m3') }]);
  });
});

/** A streaming answer whose chunks the test pushes; `end()` closes the stream as a dropped connection. */
function sseStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

describe('connectLiveEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // jitter factor 1
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function connect(fetchImpl: typeof fetch, backoff = { baseMs: 1000, maxMs: 8000 }) {
    const messages: LiveMessage[] = [];
    const onOpen = vi.fn();
    const onClose = vi.fn();
    const onUnauthorized = vi.fn();
    const onPageAccessLost = vi.fn();
    const stop = connectLiveEvents({
      url: `/api/v1/chats/${PAGE}/events`,
      onMessage: (m) => messages.push(m),
      onOpen,
      onClose,
      onUnauthorized,
      onPageAccessLost,
      fetchImpl,
      backoff,
    });
    return { messages, onOpen, onClose, onUnauthorized, onPageAccessLost, stop };
  }

  it('authenticates by the session cookie, opens, and hands every parsed message over as it streams', async () => {
    const stream = sseStream();
    const fetchImpl = vi.fn(async () => stream.response);
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(0);

    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/v1/chats/${PAGE}/events`);
    expect(init.headers).toEqual({ accept: 'text/event-stream' });
    expect(init.credentials).toBe('same-origin');
    expect(init.cache).toBe('no-store');
    expect(live.onOpen).toHaveBeenCalledWith(false);

    stream.push(frame(messageEvent('m1')).slice(0, 20));
    await vi.advanceTimersByTimeAsync(0);
    expect(live.messages).toEqual([]);
    stream.push(frame(messageEvent('m1')).slice(20) + 'event: resync\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.messages).toEqual([
      { kind: 'event', event: messageEvent('m1') },
      { kind: 'resync' },
    ]);
    live.stop();
  });

  it('a session-ended frame (logged out elsewhere, expired) signs out and never reconnects', async () => {
    const stream = sseStream();
    const fetchImpl = vi.fn(async () => stream.response);
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(0);
    stream.push('event: session-ended\ndata: {"reason":"logout"}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.onUnauthorized).toHaveBeenCalledOnce();
    expect(live.messages).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledOnce();
    live.stop();
  });

  it('a page-access-lost frame leaves the page, not the session, and never reconnects', async () => {
    const stream = sseStream();
    const fetchImpl = vi.fn(async () => stream.response);
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(0);
    stream.push('event: session-ended\ndata: {"reason":"page-access-lost"}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.onPageAccessLost).toHaveBeenCalledOnce();
    expect(live.onUnauthorized).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledOnce();
    live.stop();
  });

  it('retries a failing connection with doubling delays up to the maximum', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    // 1 s, 2 s, 4 s, then capped at 8 s.
    for (const [delay, calls] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
      [8000, 5],
      [8000, 6],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(fetchImpl).toHaveBeenCalledTimes(calls - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchImpl).toHaveBeenCalledTimes(calls);
    }
    expect(live.onOpen).not.toHaveBeenCalled();
    live.stop();
  });

  it('spreads the delay by ±25 % (jitter)', async () => {
    vi.mocked(Math.random).mockReturnValue(0);
    const fetchImpl = vi.fn(async () => new Response(null, { status: 503 }));
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(749);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    live.stop();
  });

  it('a non-2xx answer is retried without opening', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('down', { status: 502 }))
      .mockResolvedValue(sseStream().response);
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.onOpen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    // The first open after failures is not a reconnect: nothing was shown from a stream yet.
    expect(live.onOpen).toHaveBeenCalledWith(false);
    live.stop();
  });

  it('reconnects after a dropped stream as a reconnect, from the base delay again', async () => {
    const first = sseStream();
    const second = sseStream();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(first.response)
      .mockResolvedValueOnce(second.response);
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(1000); // failure, then 1 s later the first stream
    expect(live.onOpen).toHaveBeenNthCalledWith(1, false);
    // A failed attempt never opened: nothing closed.
    expect(live.onClose).not.toHaveBeenCalled();

    first.end();
    await vi.advanceTimersByTimeAsync(0);
    // The open stream ended: callers fall back to polling until the reconnect opens.
    expect(live.onClose).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // the backoff restarted at 1 s once the stream had opened
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(live.onOpen).toHaveBeenNthCalledWith(2, true);
    live.stop();
  });

  it.each([401, 403])('a %i ends the session: onUnauthorized, and no reconnect', async (status) => {
    const fetchImpl = vi.fn(async () => new Response(null, { status }));
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.onUnauthorized).toHaveBeenCalledOnce();
    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(live.onOpen).not.toHaveBeenCalled();
  });

  it('stop aborts the open request and cancels a scheduled reconnect', async () => {
    const stream = sseStream();
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(stream.response);
    const live = connect(fetchImpl);
    await vi.advanceTimersByTimeAsync(0);
    const signal = fetchImpl.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    live.stop();
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledOnce();

    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const other = connect(failing);
    await vi.advanceTimersByTimeAsync(0);
    other.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failing).toHaveBeenCalledOnce();
  });
});
