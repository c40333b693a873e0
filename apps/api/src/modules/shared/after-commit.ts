// What the webhook ingest tells its after-commit consumers (e.g. campaign counters). A consumer is called
// after each event is stored (after its transaction committed), including when a replayed or retried
// delivery brings the same event again: CONSUMERS MUST BE IDEMPOTENT (key their writes on mid / watermark).
// It sits below the ingest (modules/webhooks), its consumers (campaigns, marketing) and ModuleDeps, and
// imports nothing: a consumer naming these types through the webhooks module closed import cycles.

export interface WebhookEvent {
  kind: 'message' | 'delivery' | 'read' | 'postback' | 'reaction' | 'referral';
  /** The social network's page id. */
  pageId: string;
  /** The contact's page-scoped id. */
  psid: string;
  /** The message (or postback) id, when the event has one; for 'reaction' the message reacted to. */
  mid?: string | null;
  /** Delivery receipts may list the delivered message ids. */
  mids?: string[] | null;
  /** Delivery / read watermark: everything sent at or before it. */
  watermark?: Date | null;
  /** When it happened (the event's timestamp). */
  at: Date;
  /** For 'message': true when the page sent it (an echo), false when the contact wrote. */
  fromPage?: boolean;
  /** For an echo: the metadata its send carried (a campaign message names its recipient row). */
  metadata?: string;
  /**
   * The contact's action (re)opened the 24-hour window: a message, a postback, an m.me referral into the
   * thread, a reaction (MP/send-messages, "User Actions that Open the Standard Messaging Window").
   */
  opensWindow?: boolean;
}

/**
 * A consumer of stored events, run after the delivery's transaction committed (campaign counters, deliver on
 * return). The list is built once per process (runtime.ts#ingestConsumers) and handed to the ingest.
 */
export type AfterCommit = (event: WebhookEvent) => void | Promise<void>;

/** Runs every consumer in order; one failing consumer neither stops the others nor the ingest. */
export async function runAfterCommit(
  consumers: readonly AfterCommit[],
  event: WebhookEvent,
  onError?: (err: unknown) => void,
): Promise<void> {
  for (const fn of consumers) {
    try {
      await fn(event);
    } catch (err) {
      onError?.(err);
    }
  }
}
