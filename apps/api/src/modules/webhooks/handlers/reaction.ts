// The contact reacted to a message, or took their reaction back.
import { upsertContact } from '../../contacts/index.js';
import type { ReactionEvent } from '../events.js';
import { setReaction } from '../../inbox/index.js';
import type { Handler } from './common.js';

export const handleReaction: Handler<ReactionEvent> = async (tx, page, e) => {
  const { psid, mid, at } = e;
  const react = e.action !== 'unreact';
  const emoji = react ? reactionEmoji(e) : null;
  // A reaction (re)opens the 24-hour window, as a message does; taking one back does not.
  if (react) await upsertContact(tx, page.id, { psid, lastInboundAt: at });
  const shown = await setReaction(tx, {
    pageUuid: page.id,
    psid,
    mid,
    reaction: emoji,
    at,
  });
  return {
    live: shown
      ? [
          {
            type: 'reaction',
            pageId: page.fbPageId,
            psid,
            messageId: mid,
            reaction: emoji,
          },
        ]
      : [],
    after: react
      ? { kind: 'reaction', pageId: page.fbPageId, psid, mid, at, opensWindow: true }
      : undefined,
  };
};

const NAMED: Record<string, string> = {
  love: '\u2764\ufe0f',
  like: '\u{1F44D}',
  smile: '\u{1F606}',
  wow: '\u{1F62E}',
  sad: '\u{1F622}',
  angry: '\u{1F620}',
};

/** Meta sends the emoji itself; older payloads only the name ('love', 'like'...). */
function reactionEmoji(e: Pick<ReactionEvent, 'emoji' | 'name'>): string {
  if (typeof e.emoji === 'string' && e.emoji) return e.emoji.slice(0, 16);
  return NAMED[String(e.name)] ?? '\u{1F44D}';
}
