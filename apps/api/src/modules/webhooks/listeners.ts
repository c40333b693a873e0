// In-process registry of webhook listeners (e.g. campaign counters). A listener is called after each
// messaging event is stored (after its transaction committed), including when a replayed or retried
// delivery brings the same event again: LISTENERS MUST BE IDEMPOTENT (key their writes on mid / watermark).

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
  /**
   * The contact's action (re)opened the 24-hour window: a message, a postback, an m.me referral into the
   * thread, a reaction (MP/send-messages, "User Actions that Open the Standard Messaging Window").
   */
  opensWindow?: boolean;
}

export type WebhookListener = (event: WebhookEvent) => void | Promise<void>;

const listeners = new Set<WebhookListener>();

/** Registers a listener for every stored webhook event; returns the function that removes it. */
export function onWebhookEvent(listener: WebhookListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls every listener; one failing listener neither stops the others nor the ingest. */
export async function emitWebhookEvent(
  event: WebhookEvent,
  onError?: (err: unknown) => void,
): Promise<void> {
  for (const fn of listeners) {
    try {
      await fn(event);
    } catch (err) {
      onError?.(err);
    }
  }
}
