// Meta's review of a template: PENDING until its review time, then APPROVED or REJECTED with one of Meta's
// documented reasons, each verdict told to subscribed apps (`message_template_status_update`).
import type { MessageTemplate, Page, TemplateStatus } from '../world/types.js';
import type { World } from '../world/world.js';
import { PLACEHOLDER } from './body.js';

/**
 * Words that make a "utility" template marketing: Meta rejects it as TAG_SHOULD_BE_MARKETING. (guess: Meta
 * documents the reason, not how its review spots marketing.)
 */
const PROMOTIONAL =
  /\b(sales?|discounts?|offers?|promos?|promotions?|coupons?|buy now|free shipping|deals?|limited time)\b|%\s*off/i;
/**
 * Other words per parameter the review wants (PARAMS_TO_WORD_RATIO_EXCEED_LIMIT below it). (guess: Meta
 * publishes no figure; this is the one reported for WhatsApp, words + parameters >= 3 x parameters + 1.)
 */
const WORDS_PER_PARAM = 2;

/**
 * Wakes when the next PENDING template is due on the world clock, so its status webhook goes out even if
 * nobody reads the templates. One timer for the whole world, re-armed after each wake, on creation, after a
 * state file is loaded and when the clock moves; cleared on close so no verdict lands on a closed emulator.
 */
export class TemplateReviews {
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly world: World) {}

  schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    let next = Infinity;
    for (const page of this.world.pages.values())
      for (const t of page.templates)
        if (!t.deleted && t.status === 'PENDING') next = Math.min(next, t.decideAt);
    if (next === Infinity) return;
    // setTimeout's ceiling is ~24.8 days; a later verdict just wakes once more on the way.
    const delay = Math.min(Math.max(0, next - this.world.now()), 2 ** 31 - 1);
    this.timer = setTimeout(() => {
      this.timer = null;
      for (const page of this.world.pages.values()) settleTemplates(this.world, page);
      this.schedule();
    }, delay);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Meta's verdict on every template whose review time has passed, each told to subscribed apps. */
export function settleTemplates(world: World, page: Page): void {
  const now = world.now();
  for (const t of page.templates) {
    if (t.deleted || t.status !== 'PENDING' || t.decideAt > now) continue;
    const reason = reviewReason(t);
    if (reason) decide(world, page, t, 'REJECTED', reason);
    else decide(world, page, t, 'APPROVED', null);
  }
}

/** Meta's documented rejection reasons, each on what plausibly triggers it (guess: Meta says not what). */
function reviewReason(t: MessageTemplate): string | null {
  if (t.params.length > 0 && (t.parameterFormat ?? 'NAMED') === 'POSITIONAL') {
    const sorted = t.params.map(Number).sort((a, b) => a - b);
    if (sorted.some((n, i) => n !== i + 1)) return 'INCORRECT_PARAMS';
  }
  const used = [...t.body.matchAll(PLACEHOLDER)].length;
  const words = t.body
    .replace(PLACEHOLDER, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  if (used > 0 && words < WORDS_PER_PARAM * used + 1) return 'PARAMS_TO_WORD_RATIO_EXCEED_LIMIT';
  if (PROMOTIONAL.test(t.body)) return 'TAG_SHOULD_BE_MARKETING';
  return null;
}

/** Sets a template's status (review, or the control API) and emits the status webhook. */
export function decide(
  world: World,
  page: Page,
  t: MessageTemplate,
  status: TemplateStatus,
  reason: string | null,
): void {
  t.status = status;
  t.rejectedReason = status === 'REJECTED' ? (reason ?? 'NONE') : null;
  // Put back in review by the control API: it stays there until told otherwise.
  if (status === 'PENDING') t.decideAt = Number.MAX_SAFE_INTEGER;
  world.touch();
  world.onEvent({
    pageId: page.id,
    field: 'message_template_status_update',
    change: true,
    event: {
      event: status,
      message_template_id: t.id,
      message_template_name: t.name,
      message_template_language: t.language,
      reason: status === 'REJECTED' ? t.rejectedReason : null,
    },
  });
}
