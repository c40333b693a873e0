// What an admin may do on a page follows their tasks there, as Facebook reports them at sign-in (Meta's page
// tasks: MANAGE, CREATE_CONTENT, MODERATE, MESSAGING, ADVERTISE, ANALYZE). Three needs:
//   messaging  the inbox (read, reply, tag contacts), tags, campaigns (create, cancel), page sync
//   analytics  the page, its Home overview, campaign lists, details and exports, the tag list
//   advertise  the page's ad account for paid marketing messages (connect, replace, disconnect, list)
// docs/architecture.md ("Page roles") says the same.

export type PageNeed = 'messaging' | 'analytics' | 'advertise';

export const TASKS_FOR: Record<PageNeed, readonly string[]> = {
  messaging: ['MANAGE', 'MESSAGING'],
  analytics: ['MANAGE', 'MESSAGING', 'ANALYZE'],
  // Meta's ADVERTISE task is what lets a person run ads for the page: the ad account marketing messages bill.
  advertise: ['MANAGE', 'ADVERTISE'],
};

/** `text[]` literals of TASKS_FOR, for `pa.tasks && ...` inside SQL. */
export const TASKS_SQL: Record<PageNeed, string> = {
  messaging: `'{MANAGE,MESSAGING}'::text[]`,
  analytics: `'{MANAGE,MESSAGING,ANALYZE}'::text[]`,
  advertise: `'{MANAGE,ADVERTISE}'::text[]`,
};

export function allows(tasks: readonly string[] | null | undefined, need: PageNeed): boolean {
  return (tasks ?? []).some((t) => TASKS_FOR[need].includes(t));
}

/** The 403 a page admin gets for what their role does not allow. */
export const ROLE_MESSAGES: Record<PageNeed, string> = {
  messaging:
    'Your role on this page does not include messaging. Ask a page admin on Facebook to give you Messaging (or full control), then sign in again.',
  analytics:
    'Your role on this page does not include its insights. Ask a page admin on Facebook for access, then sign in again.',
  advertise:
    'Your role on this page does not include advertising. Ask a page admin on Facebook to give you Advertise (or full control), then sign in again.',
};
