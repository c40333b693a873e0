import { describe, expect, it } from 'vitest';
import { HUMAN_AGENT_WINDOW_MS, MESSAGING_WINDOW_MS, replyWindow } from '../src';

const NOW = Date.UTC(2026, 10, 24, 12);
const ago = (ms: number) => new Date(NOW - ms);

describe('replyWindow', () => {
  it('within 24 hours: a standard reply until 24 hours after the last message', () => {
    expect(replyWindow(ago(60_000), NOW)).toEqual({
      kind: 'standard',
      until: new Date(NOW - 60_000 + MESSAGING_WINDOW_MS),
    });
  });

  it('from 24 hours to 7 days: a human-agent reply until 7 days after it', () => {
    expect(replyWindow(ago(MESSAGING_WINDOW_MS), NOW)).toEqual({
      kind: 'human_agent',
      until: new Date(NOW - MESSAGING_WINDOW_MS + HUMAN_AGENT_WINDOW_MS),
    });
    expect(replyWindow(ago(3 * 86_400_000).toISOString(), NOW).kind).toBe('human_agent');
  });

  it('after 7 days, never, or an unreadable time: closed', () => {
    expect(replyWindow(ago(HUMAN_AGENT_WINDOW_MS), NOW)).toEqual({ kind: 'closed', until: null });
    expect(replyWindow(null, NOW).kind).toBe('closed');
    expect(replyWindow('not a date', NOW).kind).toBe('closed');
  });
});
