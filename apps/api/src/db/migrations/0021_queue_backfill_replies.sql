-- The inbox queue's denormalised columns for conversations stored before they existed (docs/inbox.md).
-- The contact's newest stored message; for a conversation Pagecast holds no message of (a sync's summary
-- only), the last time they wrote when they wrote last.
update contacts c set last_contact_message_at = coalesce(
  (select max(m.created_at) from messages m where m.contact_id = c.id and m.direction = 'in'),
  case when c.last_inbound_at is not null
        and (c.last_message_at is null or c.last_inbound_at >= c.last_message_at)
       then c.last_inbound_at end);
--> statement-breakpoint
-- The newest page message a person sent: any page message that no campaign (marketing and deliver on
-- return included) and no opt-in request sent.
update contacts c set last_human_reply_at = x.at
  from (select m.contact_id, max(m.created_at) as at from messages m
         where m.direction = 'out'
           and not exists (select 1 from campaign_recipients r
                            where r.message_id = m.mid and r.contact_id = m.contact_id)
           and not exists (select 1 from optin_requests o
                            where o.mid = m.mid and o.contact_id = m.contact_id)
         group by m.contact_id) x
 where x.contact_id = c.id;
