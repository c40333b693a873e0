import type { ConversationNote } from '@pagecast/contract';
import type { InboxMessage } from '@pagecast/ui/screens/inbox';
import { describe, expect, it } from 'vitest';
import { withNotes } from '../src/features/inbox/use-notes';

const msg = (id: string, at: string): InboxMessage => ({
  id,
  message: id,
  createdAt: at,
  sentBy: '1',
});
const note = (id: string, at: string): ConversationNote => ({
  id,
  pageId: '1',
  psid: '2',
  author: null,
  mine: false,
  body: id,
  createdAt: at,
  updatedAt: at,
});

describe('withNotes', () => {
  const messages = [msg('m1', '2026-01-01T10:00:00Z'), msg('m2', '2026-01-01T12:00:00Z')];

  it('puts each note among the messages by time, the newest after the last message', () => {
    const out = withNotes(
      messages,
      [note('late', '2026-01-01T13:00:00Z'), note('mid', '2026-01-01T11:00:00Z')],
      false,
    );
    expect(out.map((m) => m.id)).toEqual(['m1', 'note:mid', 'm2', 'note:late']);
    expect(out[1]?.note?.body).toBe('mid');
  });

  it('holds back notes older than the loaded messages while older ones are still to load', () => {
    const early = [note('early', '2026-01-01T09:00:00Z')];
    expect(withNotes(messages, early, true).map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(withNotes(messages, early, false).map((m) => m.id)).toEqual(['note:early', 'm1', 'm2']);
  });

  it('shows notes of a conversation without messages', () => {
    expect(withNotes([], [note('only', '2026-01-01T09:00:00Z')], false)).toHaveLength(1);
  });
});
