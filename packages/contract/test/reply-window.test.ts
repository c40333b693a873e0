import { describe, expect, it } from 'vitest';
import {
  HUMAN_AGENT_OFF_MESSAGE,
  HUMAN_AGENT_REFUSED_MESSAGE,
  HUMAN_AGENT_WINDOW_MS,
  MESSAGING_WINDOW_MS,
  replyWindow,
} from '../src';

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

describe('replyWindow to the millisecond', () => {
  it('reads a Date as it is (no round trip through text, which drops the milliseconds)', () => {
    const at = new Date(NOW - MESSAGING_WINDOW_MS + 1_234);
    expect(replyWindow(at, NOW, OFF)).toEqual({
      kind: 'standard',
      until: new Date(at.getTime() + MESSAGING_WINDOW_MS),
    });
    expect(replyWindow(at.toISOString(), NOW, OFF)).toEqual(replyWindow(at, NOW, OFF));
  });

  it('says why no reply, and what Meta refused, in words', () => {
    expect(HUMAN_AGENT_OFF_MESSAGE).toMatch(/24 hours.*7 days.*Human Agent/);
    expect(HUMAN_AGENT_REFUSED_MESSAGE).toMatch(/^Meta refused the reply.*Human Agent/);
  });
});
