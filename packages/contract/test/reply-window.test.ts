import { describe, expect, it } from 'vitest';
import { HUMAN_AGENT_WINDOW_MS, MESSAGING_WINDOW_MS, replyWindow } from '../src';

const NOW = Date.UTC(2026, 10, 24, 12);
const ago = (ms: number) => new Date(NOW - ms);
const ON = { humanAgent: true };
const OFF = { humanAgent: false };

describe('replyWindow', () => {
  it('within 24 hours: a standard reply until 24 hours after the last message', () => {
    expect(replyWindow(ago(60_000), NOW, OFF)).toEqual({
      kind: 'standard',
      until: new Date(NOW - 60_000 + MESSAGING_WINDOW_MS),
    });
  });

  it('from 24 hours to 7 days with the Human Agent feature: a human-agent reply until 7 days after it', () => {
    expect(replyWindow(ago(MESSAGING_WINDOW_MS), NOW, ON)).toEqual({
      kind: 'human_agent',
      until: new Date(NOW - MESSAGING_WINDOW_MS + HUMAN_AGENT_WINDOW_MS),
    });
    expect(replyWindow(ago(3 * 86_400_000).toISOString(), NOW, ON).kind).toBe('human_agent');
  });

  it('from 24 hours to 7 days without it: closed, saying until when the feature would allow one', () => {
    expect(replyWindow(ago(MESSAGING_WINDOW_MS), NOW, OFF)).toEqual({
      kind: 'closed',
      until: null,
      humanAgentOff: {
        wouldAllowUntil: new Date(NOW - MESSAGING_WINDOW_MS + HUMAN_AGENT_WINDOW_MS),
      },
    });
  });

  it('after 7 days, never, or an unreadable time: closed', () => {
    for (const options of [ON, OFF]) {
      expect(replyWindow(ago(HUMAN_AGENT_WINDOW_MS), NOW, options)).toEqual({
        kind: 'closed',
        until: null,
      });
      expect(replyWindow(null, NOW, options).kind).toBe('closed');
      expect(replyWindow('not a date', NOW, options).kind).toBe('closed');
    }
  });
});
