// Deliver on return waits for a person (docs/campaigns.md "Deliver on return"): a returned row goes once its
// due time has come, or as soon as someone on the page's team has answered the contact since they wrote.

/**
 * The SQL condition "a person has answered the contact of recipient row `r` since it returned": the inbox
 * queue's `contacts.last_human_reply_at` (docs/inbox.md §5: a page message no campaign, marketing send or
 * opt-in request sent, kept by the one writer of messages) is after `r.returned_at`.
 */
export function humanAnsweredSince(r: string): string {
  return `exists (select 1 from contacts hc
    where hc.id = ${r}.contact_id and hc.last_human_reply_at > ${r}.returned_at)`;
}

/** The SQL condition "returned row `r` may be sent now": due, or a person answered first. */
export const returnDue = (r: string): string =>
  `(${r}.return_due_at is null or ${r}.return_due_at <= now() or ${humanAnsweredSince(r)})`;
