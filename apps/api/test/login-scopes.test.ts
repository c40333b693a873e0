// The permissions Facebook Login asks for are exactly what Pagecast's Graph calls need: each call has a
// permission set among those asked, and each asked permission is needed by some call (Meta's App Review
// rejects apps asking for permissions they do not use). The calls and their permissions are the emulator's
// per-endpoint table, which lists every Graph path Pagecast uses with Meta's sources.
import { loginScopes, marketingLoginScopes } from '@pagecast/contract';
import { GRAPH_PERMISSIONS, type EndpointRule } from '@pagecast/graph-emulator';
import { describe, expect, it } from 'vitest';

/** Facebook Login's basics: asked for the admin's name and email, needed by no Graph row. */
const PROFILE = ['public_profile', 'email'];
/** The calls of the 'Connect marketing' login (Flow 2: the admin's own user token on the ad account). */
const MARKETING_ROWS = new Set(['adAccounts', 'adAccount', 'marketing']);
/** The calls of the utility templates feature (its permission is asked only when the feature is on). */
const UTILITY_ROWS = new Set(['sendUtility', 'templates']);

type Row = [string, EndpointRule];
const rows = Object.entries(GRAPH_PERMISSIONS) as Row[];
/** The token kinds a login gives Pagecast: the admin's user token and their page tokens. */
const setsOf = ([, rule]: Row) => [...(rule.tokens.USER ?? []), ...(rule.tokens.PAGE ?? [])];
const allowed = (row: Row, scopes: readonly string[]) =>
  setsOf(row).length === 0 || setsOf(row).some((set) => set.every((p) => scopes.includes(p)));

/** The asked permissions no call needs: removing one leaves every call allowed. */
const unneededOf = (scopes: readonly string[], used: Row[]) =>
  scopes.filter(
    (s) =>
      !PROFILE.includes(s) &&
      used.every((row) =>
        allowed(
          row,
          scopes.filter((x) => x !== s),
        ),
      ),
  );

const flows = [
  {
    name: 'sign-in, templates off',
    scopes: loginScopes({ utilityTemplates: false, marketingMessages: false }),
    rows: rows.filter(([k]) => !MARKETING_ROWS.has(k) && !UTILITY_ROWS.has(k)),
  },
  {
    name: 'sign-in, templates on',
    scopes: loginScopes({ utilityTemplates: true, marketingMessages: false }),
    rows: rows.filter(([k]) => !MARKETING_ROWS.has(k)),
  },
  {
    name: "'Connect marketing'",
    scopes: marketingLoginScopes({ utilityTemplates: true, marketingMessages: true }),
    rows,
  },
];

describe.each(flows)('the login of $name', ({ scopes, rows: used }) => {
  it('lets every call it serves through', () => {
    expect(used.filter((row) => !allowed(row, scopes)).map(([k]) => k)).toEqual([]);
  });

  it('asks for nothing a call does not need', () => {
    expect(unneededOf(scopes, used)).toEqual([]);
  });
});

it('names a permission no call uses: the two spec §6 listed', () => {
  const base = flows[0];
  const asked = [...(base?.scopes ?? []), 'pages_manage_engagement', 'business_management'];
  expect(unneededOf(asked, base?.rows ?? [])).toEqual([
    'pages_manage_engagement',
    'business_management',
  ]);
});
