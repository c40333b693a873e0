// Which page webhook fields `POST /{page-id}/subscribed_apps` accepts, and the permission each one needs.
// The names are Meta's enum `pagesubscribed_apps_subscribed_fields_enum_param` (enum_types.json of Meta's
// facebook-business-sdk-codegen api_specs, commit ad2b0b6, 2026-04-15), in its order. An unknown name refuses
// the whole call, as Meta does: `(#100) Param subscribed_fields[N] must be one of {...} - got "x".`
import { GraphApiError } from '../graph/errors.js';

export const PAGE_SUBSCRIBED_FIELDS: ReadonlySet<string> = new Set([
  'affiliation',
  'attire',
  'awards',
  'bio',
  'birthday',
  'business_integrity',
  'call_permission_reply',
  'call_settings_update',
  'calls',
  'category',
  'checkins',
  'comment_poll_response',
  'company_overview',
  'conversations',
  'culinary_team',
  'current_location',
  'description',
  'email',
  'feature_access_list',
  'feed',
  'follow',
  'founded',
  'general_info',
  'general_manager',
  'group_feed',
  'hometown',
  'hours',
  'inbox_labels',
  'invalid_topic_placeholder',
  'invoice_access_bank_slip_events',
  'invoice_access_invoice_change',
  'invoice_access_invoice_draft_change',
  'invoice_access_onboarding_status_active',
  'leadgen',
  'leadgen_fat',
  'leadgen_update',
  'live_videos',
  'local_delivery',
  'location',
  'marketing_message_clicks',
  'marketing_message_deliveries',
  'marketing_message_delivery_failed',
  'marketing_message_echoes',
  'marketing_message_reads',
  'marketing_messages_subscriber_upload_status',
  'mcom_invoice_change',
  'members',
  'mention',
  'merchant_review',
  'message_context',
  'message_deliveries',
  'message_echoes',
  'message_edits',
  'message_mention',
  'message_reactions',
  'message_reads',
  'message_template_status_update',
  'messages',
  'messaging_account_linking',
  'messaging_appointments',
  'messaging_checkout_updates',
  'messaging_customer_information',
  'messaging_direct_sends',
  'messaging_fblogin_account_linking',
  'messaging_feedback',
  'messaging_game_plays',
  'messaging_handovers',
  'messaging_in_thread_lead_form_submit',
  'messaging_integrity',
  'messaging_optins',
  'messaging_optouts',
  'messaging_payments',
  'messaging_policy_enforcement',
  'messaging_postbacks',
  'messaging_pre_checkouts',
  'messaging_referrals',
  'mission',
  'name',
  'page_about_story',
  'page_change_proposal',
  'page_upcoming_change',
  'parking',
  'payment_options',
  'payment_request_update',
  'personal_info',
  'personal_interests',
  'phone',
  'picture',
  'price_range',
  'product_review',
  'products',
  'public_transit',
  'publisher_subscriptions',
  'ratings',
  'registration',
  'response_feedback',
  'send_cart',
  'standby',
  'story_poll_response',
  'story_share',
  'user_action',
  'video_text_question_responses',
  'videos',
  'website',
]);

/** Send API permission of the Messenger fields. */
const MESSAGING = ['pages_messaging'];

/**
 * The permissions of which the page token needs one to subscribe to a field (fields not listed need none
 * beyond the endpoint's own pages_manage_metadata). Meta answers a missing one with
 * "(#200) To subscribe to the messages field, one of these permissions is needed: pages_messaging" (the
 * wording seen in public projects' notes for `messages`, `messaging_postbacks` and `feed`); `messages` and
 * `messaging_postbacks` needing pages_messaging is measured there. The other Messenger fields follow them
 * (guess: Meta documents no per-field permission table for page webhooks).
 */
export const FIELD_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  messages: MESSAGING,
  messaging_postbacks: MESSAGING,
  message_deliveries: MESSAGING,
  message_reads: MESSAGING,
  message_echoes: MESSAGING,
  message_reactions: MESSAGING,
  message_edits: MESSAGING,
  messaging_referrals: MESSAGING,
  messaging_optins: MESSAGING,
  messaging_optouts: MESSAGING,
  messaging_handovers: MESSAGING,
  messaging_policy_enforcement: MESSAGING,
  standby: MESSAGING,
  feed: ['pages_manage_metadata'],
  // Utility template verdicts: a page that may send utility messages (guess: Meta documents no permission
  // for this field; pages_utility_messaging is the utility guide's permission).
  message_template_status_update: ['pages_messaging', 'pages_utility_messaging'],
  // Marketing messages (guess: Meta documents no permission for these fields; they are Messenger sends).
  marketing_message_deliveries: MESSAGING,
  marketing_message_reads: MESSAGING,
  marketing_message_clicks: MESSAGING,
  marketing_message_echoes: MESSAGING,
  marketing_message_delivery_failed: MESSAGING,
};

/**
 * Checks a subscribed_fields list the way Meta does: any unknown name refuses the call (#100, the first
 * one); else every field the token's scopes do not allow is named, the sentences joined, and the call is
 * refused (#200). Nothing is subscribed when it throws.
 */
export function checkSubscribedFields(
  fields: readonly string[],
  scopes: readonly string[] | null,
): void {
  fields.forEach((f, i) => {
    if (!PAGE_SUBSCRIBED_FIELDS.has(f))
      throw new GraphApiError(
        100,
        `(#100) Param subscribed_fields[${i}] must be one of {${[...PAGE_SUBSCRIBED_FIELDS].join(', ')}} - got "${f}".`,
      );
  });
  if (scopes === null) return; // the app token: no user's permissions to check
  const refused = [...new Set(fields)].flatMap((f) => {
    const needed = FIELD_PERMISSIONS[f];
    return needed && !needed.some((p) => scopes.includes(p))
      ? [`To subscribe to the ${f} field, one of these permissions is needed: ${needed.join(', ')}`]
      : [];
  });
  // HTTP 403 as the captures show (guess: Meta documents no status for it).
  if (refused.length > 0)
    throw new GraphApiError(200, `(#200) ${refused.join('. ')}`, undefined, {}, {}, 403);
}
