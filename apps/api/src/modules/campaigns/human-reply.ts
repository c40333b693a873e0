// Deliver on return waits for a person (docs/campaigns.md "Deliver on return"): a returned row goes once its
// due time has come, or as soon as someone on the page's team has answered the contact since they wrote.

/**
 * The SQL condition "a person has answered the contact of recipient row `r` since it returned": a message
 * from the page after `r.returned_at` that is not a campaign send (a recipient row's message id) and not an
 * opt-in request. Kept in this one function so it can read a stored "last human reply" instead, once contacts
 * record one.
 */
export function humanAnsweredSince(r: string): string {
  return `exists (select 1 from messages m
    where m.contact_id = ${r}.contact_id and m.direction = 'out' and m.created_at > ${r}.returned_at
      and not exists (select 1 from campaign_recipients x where x.contact_id = m.contact_id and x.message_id = m.mid)
      and not exists (select 1 from optin_requests o where o.contact_id = m.contact_id and o.mid = m.mid))`;
}

/** The SQL condition "returned row `r` may be sent now": due, or a person answered first. */
export const returnDue = (r: string): string =>
  `(${r}.return_due_at is null or ${r}.return_due_at <= now() or ${humanAnsweredSince(r)})`;
