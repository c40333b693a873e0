import { describe, expect, it } from 'vitest';
import { withoutEchoed, type PendingMessage } from '../src/features/inbox/use-optimistic-send';

const PAGE = '500000000000001';
let seq = 0;
const pending = (
  message: string,
  sameTextBefore: number,
  state: 'sending' | 'failed' = 'sending',
): PendingMessage => ({
  id: `local-${++seq}`,
  userId: '42',
  message,
  createdAt: '2030-01-01T12:00:00.000Z',
  sentBy: PAGE,
  state,
  sameTextBefore,
});
const fromPage = (message: string) => ({ message, sentBy: PAGE });
const fromContact = (message: string) => ({ message, sentBy: '42' });

describe('withoutEchoed', () => {
  it('keeps a sending message while the conversation has no new copy of its text', () => {
    const p = pending('hi', 1);
    expect(withoutEchoed([p], [fromPage('hi')], PAGE)).toEqual([p]);
  });

  it('hides a sending message once its echo arrived (one more page copy than when it was sent)', () => {
    const p = pending('hi', 1);
    expect(withoutEchoed([p], [fromPage('hi'), fromPage('hi')], PAGE)).toEqual([]);
  });

  it("does not count the contact's messages with the same text", () => {
    const p = pending('ok', 0);
    expect(withoutEchoed([p], [fromContact('ok')], PAGE)).toEqual([p]);
  });

  it('each new copy stands in for one pending message only', () => {
    const a = pending('same', 0);
    const b = pending('same', 0);
    expect(withoutEchoed([a, b], [fromPage('same')], PAGE)).toEqual([b]);
    expect(withoutEchoed([a, b], [fromPage('same'), fromPage('same')], PAGE)).toEqual([]);
  });

  it('keeps failed messages (they show Retry) whatever the conversation holds', () => {
    const failed = pending('lost', 0, 'failed');
    expect(withoutEchoed([failed], [fromPage('lost'), fromPage('lost')], PAGE)).toEqual([failed]);
  });

  it('matches by exact text', () => {
    const p = pending('Hello', 0);
    expect(withoutEchoed([p], [fromPage('hello'), fromPage('Hello ')], PAGE)).toEqual([p]);
  });
});
