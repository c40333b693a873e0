// Subscribing the app to a page's Messenger webhooks so that one refused field never costs the rest. Meta
// refuses the whole `POST /{page-id}/subscribed_apps` when one field is unknown ("(#100) Param
// subscribed_fields[N] must be one of {…}") or needs a permission the page token lacks ("(#200) To subscribe
// to the X field, one of these permissions is needed: …"), and then the page gets no webhook at all. So:
// everything in one call first (the usual case: one call); if Meta refuses it, the inbox's core fields in
// one call and each optional feature in a call of its own, and what Meta accepted is kept per page
// (page_webhook_features) for Home to say which feature is off and why (docs/inbox.md).
import { WEBHOOK_FEATURES, type WebhookFeature } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';
import { GraphError, type GraphClient } from '../../graph/index.js';
import { saveWebhookFeatures } from './repo.js';

/** Meta's field names (enum `pagesubscribed_apps_subscribed_fields_enum_param` of Meta's Graph specs). */
export const WEBHOOK_FEATURE_FIELDS: Record<WebhookFeature, readonly string[]> = {
  // The inbox, delivery/read counters, campaign interactions and deliver on return. A referral (m.me link
  // into the thread) and a reaction open the 24-hour window; edits change a stored message. `standby`: the
  // events of threads another app (Meta's Page Inbox) controls, still the page's conversations.
  inbox: [
    'messages',
    'message_deliveries',
    'message_reads',
    'messaging_postbacks',
    'message_echoes',
    'message_reactions',
    'messaging_referrals',
    'message_edits',
    'standby',
  ],
  // Meta's verdict on the page's utility templates (modules/templates/status-webhook.ts).
  template_status: ['message_template_status_update'],
  // Marketing messages: a contact answering the opt-in request, and the fate of each message sent
  // (modules/marketing/subscribers.ts).
  optins: ['messaging_optins'],
  marketing_deliveries: ['marketing_message_deliveries'],
  marketing_reads: ['marketing_message_reads'],
  marketing_clicks: ['marketing_message_clicks'],
  marketing_delivery_failed: ['marketing_message_delivery_failed'],
};

/** Every field Pagecast asks Meta for (the app-level subscription asks for the same). */
export const PAGE_WEBHOOK_FIELDS: readonly string[] = WEBHOOK_FEATURES.flatMap(
  (f) => WEBHOOK_FEATURE_FIELDS[f],
);

export interface FeatureState {
  feature: WebhookFeature;
  subscribed: boolean;
  reason: 'permission' | 'refused' | 'failed' | null;
  permission: string | null;
  error: string | null;
}

/** Meta's #200 sentence for one field: the permissions it names (else any permission the message names). */
export function permissionsNamed(message: string, fields: readonly string[]): string | null {
  for (const f of fields) {
    const m = new RegExp(
      `To subscribe to the ${f} field, one of these permissions is needed: ([a-z_, ]+)`,
    ).exec(message);
    if (m?.[1]) return m[1].trim().replace(/[,\s]+$/, '');
  }
  return /Requires ([a-z_]+) permission/.exec(message)?.[1] ?? null;
}

/** Meta could not verify our callback URL (not reachable yet, e.g. the proxy starts later): ours to retry. */
const CALLBACK_VERIFICATION_FAILED = 2200;

/** Meta refused the fields themselves (a name or a permission), not our endpoint. */
const refusal = (err: unknown): boolean =>
  err instanceof GraphError &&
  err.code !== CALLBACK_VERIFICATION_FAILED &&
  (err.kind === 'permission' || err.kind === 'invalid');

function offState(feature: WebhookFeature, err: unknown): FeatureState {
  const message = err instanceof Error ? err.message : String(err);
  if (!refusal(err))
    return { feature, subscribed: false, reason: 'failed', permission: null, error: message };
  const permission = permissionsNamed(message, WEBHOOK_FEATURE_FIELDS[feature]);
  return {
    feature,
    subscribed: false,
    reason: permission ? 'permission' : 'refused',
    permission,
    error: message,
  };
}

/**
 * Subscribes through `call` (one Graph call with a field list) feature by feature when Meta refuses the
 * whole list: everything in one call first; on a refusal the features one after the other, each call
 * carrying every field accepted so far plus the feature's, so the result is the same whether Meta replaces
 * the list or adds to it (guess: Meta documents neither). `failed` is set when a call failed for another
 * reason than a refusal (network, Meta down, the token): nothing is known then.
 */
export async function subscribeByFeature(
  call: (fields: string[]) => Promise<unknown>,
  features: Record<WebhookFeature, readonly string[]> = WEBHOOK_FEATURE_FIELDS,
): Promise<{ states: FeatureState[]; failed: boolean }> {
  const on = (feature: WebhookFeature): FeatureState => ({
    feature,
    subscribed: true,
    reason: null,
    permission: null,
    error: null,
  });
  try {
    await call(WEBHOOK_FEATURES.flatMap((f) => features[f]));
    return { states: WEBHOOK_FEATURES.map(on), failed: false };
  } catch (err) {
    if (!refusal(err))
      return { states: WEBHOOK_FEATURES.map((f) => offState(f, err)), failed: true };
  }
  const states: FeatureState[] = [];
  const accepted: string[] = [];
  for (const feature of WEBHOOK_FEATURES) {
    try {
      await call([...accepted, ...features[feature]]);
      accepted.push(...features[feature]);
      states.push(on(feature));
    } catch (e) {
      states.push(offState(feature, e));
    }
  }
  return { states, failed: false };
}

/**
 * Subscribes the app to the page's webhooks and records, feature by feature, what Meta accepted. A call
 * that could not reach a verdict leaves the features as last recorded, or marks never-checked ones failed.
 */
export async function subscribePageWebhooks(
  db: Sql,
  graph: GraphClient,
  page: { fbPageId: string; pageToken: string },
): Promise<FeatureState[]> {
  const { states, failed } = await subscribeByFeature((fields) =>
    graph.subscribeApp(page.fbPageId, page.pageToken, fields),
  );
  await saveWebhookFeatures(db, page.fbPageId, states, { keepKnown: failed });
  return states;
}
