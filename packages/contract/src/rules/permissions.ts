// What Pagecast asks Facebook Login for, feature by feature, and what a screen says when a permission it
// needs was not granted. Meta's names and sources: docs/product.md §6 and the emulator's permission table.
import { BASE_LOGIN_SCOPES } from '../constants';

/** Features that need more than the base permissions; the API's config turns them on or off. */
export interface LoginFeatures {
  /** Utility message templates (Templates, and campaigns' out-of-window path). */
  utilityTemplates: boolean;
  /** Paid marketing messages (Marketing setup, and campaigns' subscriber path). */
  marketingMessages: boolean;
}

/**
 * Utility messages: Meta's pages also spell it `page_utility_messaging`, but its permissions reference
 * (https://developers.facebook.com/docs/permissions#pages_utility_messaging) and Facebook Login accept only
 * this name; the singular is answered "Invalid Scopes".
 */
export const UTILITY_MESSAGING_SCOPE = 'pages_utility_messaging';

/**
 * Marketing messages, Meta's onboarding Flow 2: a user token of a person of the business with these two
 * (https://developers.facebook.com/documentation/business-messaging/messenger-platform/marketing-messages-on-messenger/onboard-businesses).
 * Asked in a second, explicit 'Connect marketing' login, not at sign-in: they reach the person's ad
 * accounts, which an admin who never sends marketing messages should not be asked for.
 */
export const MARKETING_SCOPES = ['ads_management', 'marketing_messages_messenger'] as const;

/** Sign-in: the base permissions, plus the utility permission when templates are on. */
export function loginScopes(features: LoginFeatures): string[] {
  return [...BASE_LOGIN_SCOPES, ...(features.utilityTemplates ? [UTILITY_MESSAGING_SCOPE] : [])];
}

/** 'Connect marketing': what sign-in asks for, plus the marketing permissions (asked again if declined). */
export function marketingLoginScopes(features: LoginFeatures): string[] {
  return [...loginScopes(features), ...MARKETING_SCOPES];
}

/** The permissions of `needed` not in `granted`; none when what was granted is not known (null). */
export function missingScopes(
  granted: readonly string[] | null | undefined,
  needed: readonly string[],
): string[] {
  if (!granted) return [];
  return needed.filter((s) => !granted.includes(s));
}

/** What the screens say when a permission is missing, and how to grant it. */
export const PERMISSION_MESSAGES = {
  templates:
    'Templates need the utility messaging permission (pages_utility_messaging): reconnect Facebook and allow “Manage and access Page utility messaging”.',
  marketing: (missing: readonly string[]) =>
    `Marketing messages need the ${missing.join(' and ')} permission${missing.length > 1 ? 's' : ''}: connect marketing and allow ${missing.length > 1 ? 'them' : 'it'}.`,
  reconnect: 'Reconnect Facebook',
  connectMarketing: 'Connect marketing',
} as const;
