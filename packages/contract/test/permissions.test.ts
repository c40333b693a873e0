import { describe, expect, it } from 'vitest';
import { loginScopes, marketingLoginScopes, missingScopes } from '../src';

describe('login scopes follow the enabled features', () => {
  const base = [
    'public_profile',
    'email',
    'pages_messaging',
    'pages_manage_metadata',
    'pages_show_list',
    'pages_read_engagement',
  ];
  it('templates on: the utility messaging permission, by the name Facebook Login accepts', () => {
    expect(loginScopes({ utilityTemplates: true, marketingMessages: true })).toEqual([
      ...base,
      'pages_utility_messaging',
    ]);
    expect(loginScopes({ utilityTemplates: false, marketingMessages: true })).toEqual(base);
  });

  it("marketing: the Flow 2 permissions, only in the 'Connect marketing' login", () => {
    expect(marketingLoginScopes({ utilityTemplates: false, marketingMessages: true })).toEqual([
      ...base,
      'ads_management',
      'marketing_messages_messenger',
    ]);
  });

  it('missing: what is needed and not granted; nothing when the grant is unknown', () => {
    expect(
      missingScopes(['ads_management'], ['ads_management', 'marketing_messages_messenger']),
    ).toEqual(['marketing_messages_messenger']);
    expect(missingScopes(null, ['ads_management'])).toEqual([]);
  });
});
