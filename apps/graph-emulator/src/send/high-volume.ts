// Meta's high-volume mode of a Page: "If a Page sends more than 40 messages per second or constantly sends or
// receives messages in a large number of conversations at the same time, new messages are not displayed in the
// Page Inbox and the Page cannot send new messages until the volume decreases. If a Page hits the high-volume
// limit, API calls to get all conversations fail. You can still call a single conversation to get new messages
// for that conversation." ("Messenger Platform rate limits", updated 2026-03-23,
// https://developers.facebook.com/docs/messenger-platform/overview/rate-limiting)
//
// Modelled: a page whose messages in the last sliding second exceed `highVolumePerSecond` is in the mode until
// `highVolumeHoldMs` after the last message over the threshold. Guesses, as Meta documents none of them:
// - how long the mode lasts once the volume falls (guess: Meta documents no duration; 60 s by default);
// - the answer of the conversations listing in the mode (guess: Meta documents no code; its throttling code
//   613, with a Business Use Case header giving the time left in whole minutes, as the emulator's other
//   throttles);
// - whether the Send API refuses sends in the mode (guess: Meta documents no API effect; it does not. Meta
//   states a 300 calls/s Send API limit that would mean nothing if sends above 40/s were refused: "the Page
//   cannot send" reads as the Page Inbox's humans);
// - the "large number of conversations" condition has no figure (guess: Meta documents no threshold; not
//   modelled), and only sent messages count (received ones have no figure either);
// - a `user_id` lookup on the listing names one conversation, like a single-conversation call, and works
//   (guess: Meta documents only `GET /{conversation-id}` as still working).
import type { GraphApiError } from '../graph/errors.js';
import type { Behaviour } from '../world/types.js';
import { sendRateLimited } from './usage.js';
import { SlidingWindowLimiter } from './ratelimit.js';

export class HighVolumeMode extends SlidingWindowLimiter {
  /** page id -> world time until which the page is in the mode. */
  private readonly until = new Map<string, number>();

  /** One message the page sent at `now` (world time). */
  note(pageId: string, now: number, behaviour: Behaviour): void {
    const threshold = behaviour.highVolumePerSecond;
    if (threshold <= 0) return;
    // The window holds `threshold` messages: one more inside it is over the threshold.
    if (this.tryAcquire(pageId, threshold, now) > 0)
      this.until.set(pageId, now + behaviour.highVolumeHoldMs);
  }

  /** ms the page stays in the mode from `now`, 0 when it is not in it. */
  remainingMs(pageId: string, now: number): number {
    const until = this.until.get(pageId);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.until.delete(pageId);
    return 0;
  }

  override reset(): void {
    super.reset();
    this.until.clear();
  }
}

/** The listing's answer while the page is in the mode (see the guesses above): the Send API's throttle. */
export function highVolumeListingError(pageId: string, remainingMs: number): GraphApiError {
  return sendRateLimited(pageId, remainingMs);
}
