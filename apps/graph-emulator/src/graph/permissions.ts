// The permissions and token types of every Graph path Pagecast uses, as Meta documents them, in one table
// (the README's "Permissions" table is this table with its sources). Each route checks its row with
// `requireEndpoint(auth, '<row>')` before it does anything else, and answers as Meta does:
//   - a token of a kind the path does not take: the row's own answer (`wrongToken`);
//   - a token without a permission the row needs: (#200) "Requires <permission> permission…";
//   - an app without a feature Meta grants per app (Human Agent): (#10), see `appFeatureMissing`.
// Where Meta documents the need but not its refusal's exact words, the row says so (`guess`).
import type { Auth } from './auth.js';
import { errors, GraphApiError } from './errors.js';

/** The token kinds Meta issues: a user's, a page's, a business system user's, the app's own. */
export type TokenKind = 'USER' | 'PAGE' | 'SYSTEM_USER' | 'APP';

export interface EndpointRule {
  /** What the row covers, as the README names it. */
  path: string;
  /**
   * Per accepted token kind, the permission sets that allow the call: any one set, every permission of it.
   * An empty list: the kind is accepted without a permission.
   */
  tokens: Partial<Record<TokenKind, string[][]>>;
  /** Meta's answer to a token of another kind. */
  wrongToken: () => GraphApiError;
  /** Where Meta says it. */
  source: string;
  /** Set where Meta documents no refusal text and the emulator's is a guess. */
  guess?: string;
}

const MP = 'https://developers.facebook.com/documentation/business-messaging/messenger-platform';
const MM = `${MP}/marketing-messages-on-messenger`;
const PERMS = 'https://developers.facebook.com/docs/permissions';

const pageTokenRequired = () => errors.pageTokenRequired();
const userTokenRequired = () =>
  errors.param('A user access token is required to request this resource.');
/**
 * A page token on an ad account path: Meta answers these with a user or system-user token only, and names
 * no refusal for a page token (guess: (#3), Meta's "capability" answer).
 */
const adTokenRequired = () =>
  new GraphApiError(3, '(#3) Application does not have the capability to make this API call.');

/** The Marketing Message API's tokens: Flow 1 (system user) or Flow 2 (a user of the business). */
const MARKETING_TOKENS: EndpointRule['tokens'] = {
  USER: [['ads_management', 'marketing_messages_messenger']],
  SYSTEM_USER: [['paid_marketing_messages'], ['ads_management', 'marketing_messages_messenger']],
};

export const GRAPH_PERMISSIONS = {
  accounts: {
    path: 'GET /me/accounts',
    tokens: { USER: [['pages_show_list']] },
    wrongToken: userTokenRequired,
    source: 'https://developers.facebook.com/docs/graph-api/reference/user/accounts/',
  },
  idsForPages: {
    path: 'GET /{user-id}/ids_for_pages',
    tokens: { USER: [] },
    wrongToken: userTokenRequired,
    source: 'https://developers.facebook.com/docs/graph-api/reference/user/ids_for_pages/',
    guess:
      'Meta maps ids only for pages of the business that owns the app; the emulator has one business, and names no refusal for another token kind.',
  },
  permissions: {
    path: 'GET /me/permissions',
    tokens: { USER: [], APP: [] },
    wrongToken: userTokenRequired,
    source: 'https://developers.facebook.com/docs/graph-api/reference/user/permissions/',
  },
  subscribedApps: {
    path: 'GET|POST|DELETE /{page-id}/subscribed_apps',
    tokens: { PAGE: [['pages_manage_metadata']] },
    wrongToken: pageTokenRequired,
    source: 'https://developers.facebook.com/docs/graph-api/reference/page/subscribed_apps/',
  },
  conversations: {
    path: 'GET /{page-id}/conversations, /t_{id}, /t_{id}/messages, /m_{mid}',
    tokens: { PAGE: [['pages_messaging', 'pages_read_engagement']] },
    wrongToken: pageTokenRequired,
    source: `${MP}/conversations`,
  },
  profile: {
    path: 'GET /{psid}',
    tokens: { PAGE: [['pages_messaging']] },
    wrongToken: pageTokenRequired,
    source: `${MP}/identity/user-profile`,
  },
  send: {
    path: 'POST /{page-id}/messages (RESPONSE, UPDATE, MESSAGE_TAG, opt-in request)',
    tokens: { PAGE: [['pages_messaging']] },
    wrongToken: pageTokenRequired,
    source: `${MP}/send-messages`,
  },
  uploadAttachment: {
    path: 'POST /{page-id}/message_attachments',
    tokens: { PAGE: [['pages_messaging']] },
    wrongToken: pageTokenRequired,
    source: `${MP}/reference/attachment-upload-api`,
  },
  sendUtility: {
    path: 'POST /{page-id}/messages (messaging_type UTILITY)',
    tokens: { PAGE: [['pages_messaging', 'pages_utility_messaging']] },
    wrongToken: pageTokenRequired,
    source: `${MP}/send-messages/utility-messages; ${PERMS}#pages_utility_messaging`,
  },
  templates: {
    path: 'GET|POST|DELETE /{page-id}/message_templates',
    tokens: { PAGE: [['pages_messaging', 'pages_utility_messaging']] },
    wrongToken: pageTokenRequired,
    source: `${MP}/send-messages/utility-messages; ${PERMS}#pages_utility_messaging`,
  },
  subscriptionTokens: {
    path: 'GET /{page-id}/notification_message_tokens',
    tokens: { PAGE: [['pages_messaging']] },
    wrongToken: pageTokenRequired,
    source: `${MM}/get-subscription-tokens`,
  },
  unsubscribe: {
    path: 'POST /{page-id}/messaging_customer_base/unsubscribe',
    tokens: { PAGE: [['pages_messaging']] },
    wrongToken: pageTokenRequired,
    source: `${MM}/grow-marketing-messages-audience`,
  },
  adAccounts: {
    path: 'GET /me/adaccounts',
    tokens: { USER: [['ads_read'], ['ads_management']] },
    wrongToken: userTokenRequired,
    source: 'https://developers.facebook.com/docs/graph-api/reference/user/adaccounts/',
  },
  adAccount: {
    path: 'GET /act_{id}',
    tokens: {
      USER: [['ads_read'], ['ads_management']],
      SYSTEM_USER: [['ads_read'], ['ads_management'], ['paid_marketing_messages']],
    },
    wrongToken: adTokenRequired,
    source: 'https://developers.facebook.com/docs/marketing-api/reference/ad-account/',
    guess: 'Meta names no answer for a page token here: (#3)',
  },
  marketing: {
    path: 'POST /act_{id}/message_campaign, POST /act_{id}/messages, /{message-campaign-id}[/insights]',
    tokens: MARKETING_TOKENS,
    wrongToken: adTokenRequired,
    source: `${MM}/onboard-businesses; ${MM}/send-messages`,
    guess: 'Meta names no answer for a page token here: (#3)',
  },
} satisfies Record<string, EndpointRule>;

export type Endpoint = keyof typeof GRAPH_PERMISSIONS;

function kindOf(auth: Auth): TokenKind {
  if (auth.kind === 'APP') return 'APP';
  if (auth.kind === 'PAGE') return 'PAGE';
  return auth.record.type === 'SYSTEM_USER' ? 'SYSTEM_USER' : 'USER';
}

/**
 * The row's check: the token's kind, then its permissions. A missing permission names the first set's
 * first missing one, as Meta's (#200) names one permission.
 */
export function requireEndpoint(auth: Auth, endpoint: Endpoint): void {
  const rule: EndpointRule = GRAPH_PERMISSIONS[endpoint];
  const kind = kindOf(auth);
  const sets = rule.tokens[kind];
  if (!sets) throw rule.wrongToken();
  if (sets.length === 0 || auth.kind === 'APP') return;
  const granted = auth.record.scopes;
  if (sets.some((set) => set.every((s) => granted.includes(s)))) return;
  const first = sets[0] as string[];
  const missing = first.filter((s) => !granted.includes(s));
  if (sets.length > 1 && first.length === 1)
    throw new GraphApiError(
      200,
      `(#200) Requires ${sets.map((set) => set.join(' and ')).join(' or ')} permission to manage the object`,
    );
  throw errors.permission(missing[0] as string);
}

/**
 * An app without a feature Meta grants per app after App Review (Human Agent). Meta documents no answer
 * (guess: (#10), its "application does not have permission" code, as field reports show for app-level
 * refusals on Messenger).
 */
export function appFeatureMissing(): GraphApiError {
  return new GraphApiError(10, '(#10) Application does not have permission for this action');
}

/** Every permission some row names, and the basics of Facebook Login: what the login dialog accepts. */
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([
  'public_profile',
  'email',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_engagement',
  'pages_manage_posts',
  'pages_read_user_content',
  'business_management',
  ...Object.values(GRAPH_PERMISSIONS).flatMap((r: EndpointRule) =>
    Object.values(r.tokens).flatMap((sets) => (sets ?? []).flat()),
  ),
]);
