// Which page webhook fields `POST /{page-id}/subscribed_apps` accepts, and the permission each one needs.
// The names are Meta's enum `pagesubscribed_apps_subscribed_fields_enum_param` (the spec extract, from Meta's
// facebook-business-sdk-codegen api_specs). An unknown name refuses the whole call, as Meta does:
// `(#100) Param subscribed_fields[N] must be one of {...}` (the spec check answers it first on the page edge).
import { GraphApiError } from '../graph/errors.js';
import { metaSpec } from '../spec/model.js';

/** Meta's enum, from the committed spec extract (one source for the spec check and this one). */
export const PAGE_SUBSCRIBED_FIELDS: ReadonlySet<string> = new Set(
  metaSpec().nodes.get('Page')?.edges.get('subscribed_apps')?.POST?.params['subscribed_fields']
    ?.values ?? [],
);

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
        `(#100) Param subscribed_fields[${i}] must be one of {${[...PAGE_SUBSCRIBED_FIELDS].join(', ')}}`,
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
