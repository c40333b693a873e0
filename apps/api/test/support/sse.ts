// Reading a Server-Sent Events response (the live inbox) in tests, over real HTTP with fetch.
import type { LiveEvent } from '@pagecast/contract';

/** Reads an SSE response: `next()` resolves with the next complete block (up to the blank line). */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<string> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return block;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** The next `data:` event, skipping comments and retry lines. */
    async nextEvent(): Promise<LiveEvent> {
      for (;;) {
        const block = await this.next();
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data && !block.includes('event: resync')) return JSON.parse(data.slice(6)) as LiveEvent;
      }
    },
    cancel: () => reader.cancel(),
  };
}
