import { Search, Tags } from 'lucide-react';
import { CampaignStatusBadge } from '../../primitives/badge';
import { cn } from '../../primitives/cn';

const demoContacts = [
  {
    name: 'Amelia Brooks',
    preview: 'Is the spring sale still on?',
    time: '10:42',
    online: true,
    active: true,
  },
  {
    name: 'Daniel Kim',
    preview: 'Thanks, order received!',
    time: '09:15',
    online: true,
    active: false,
  },
  {
    name: 'Sofia Martins',
    preview: 'Can I change my booking?',
    time: 'Yesterday',
    online: false,
    active: false,
  },
  {
    name: 'Omar Haddad',
    preview: 'See you at the event',
    time: 'Apr 8',
    online: false,
    active: false,
  },
] as const;

const demoCampaigns = [
  {
    name: 'Spring Sale',
    time: '2025-04-12 09:00',
    sent: 1240,
    delivered: 1198,
    status: 'completed',
  },
  {
    name: 'Event Reminder',
    time: '2025-04-14 17:30',
    sent: 860,
    delivered: 402,
    status: 'processing',
  },
  { name: 'Order Updates', time: '2025-04-18 08:00', sent: 0, delivered: 0, status: 'pending' },
] as const;

/** Static, decorative mock of the inbox and campaign table (hidden from assistive tech; the figure caption
 *  describes it). */
export function ProductPreview() {
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-2xl shadow-primary/10"
    >
      <div className="flex items-center gap-2 border-b border-border bg-muted/60 px-4 py-3">
        <span className="size-3 rounded-full bg-destructive/70" />
        <span className="size-3 rounded-full bg-warning" />
        <span className="size-3 rounded-full bg-success/80" />
        <span className="ml-3 hidden truncate rounded-md bg-background px-3 py-1 text-xs text-muted-foreground sm:block">
          pagecast.app/dashboard/chats
        </span>
      </div>
      <div className="grid md:grid-cols-[minmax(0,18rem)_1fr]">
        <div className="hidden border-r border-border md:block">
          <div className="border-b border-border p-4">
            <p className="text-sm font-semibold">Messages</p>
            <div className="mt-3 flex items-center gap-2 rounded-md border border-input px-3 py-2 text-xs text-muted-foreground">
              <Search className="size-3.5" />
              Search conversations...
            </div>
          </div>
          <ul>
            {demoContacts.map((contact) => (
              <li
                key={contact.name}
                className={cn(
                  'flex items-center gap-3 border-b border-border px-4 py-3 last:border-b-0',
                  contact.active && 'bg-accent',
                )}
              >
                <span className="relative inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary">
                  {contact.name[0]}
                  {contact.online ? (
                    <span className="absolute right-0 bottom-0 size-2.5 rounded-full bg-success ring-2 ring-card" />
                  ) : null}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate text-sm font-medium">{contact.name}</span>
                    <span className="shrink-0 text-[0.7rem] text-muted-foreground">
                      {contact.time}
                    </span>
                  </span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {contact.preview}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex min-w-0 flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary">
                A
              </span>
              <div>
                <p className="text-sm font-semibold">Amelia Brooks</p>
                <p className="text-xs text-success">Online</p>
              </div>
            </div>
            <span className="inline-flex items-center gap-1 rounded-full border border-border px-2.5 py-1 text-xs text-muted-foreground">
              <Tags className="size-3.5" />
              VIP customers
            </span>
          </div>
          <div className="grid gap-3 bg-background/50 px-4 py-5">
            <div className="max-w-[75%] rounded-2xl rounded-bl-sm bg-muted px-3.5 py-2 text-sm sm:max-w-[60%]">
              Hi! Is the spring sale still on this weekend?
              <span className="mt-1 block text-[0.65rem] text-muted-foreground">
                Apr 10, 2025, 10:41 AM
              </span>
            </div>
            <div className="max-w-[75%] justify-self-end rounded-2xl rounded-br-sm bg-primary px-3.5 py-2 text-sm text-primary-foreground sm:max-w-[60%]">
              It is! Everything is 20% off until Sunday night.
              <span className="mt-1 block text-[0.65rem] opacity-80">Apr 10, 2025, 10:42 AM</span>
            </div>
          </div>
          <div className="border-t border-border px-4 py-4">
            <div className="flex items-center justify-between">
              <p className="text-sm font-semibold">Campaign Analytics</p>
              <span className="text-xs text-muted-foreground">Page 1 of 3</span>
            </div>
            <div className="mt-3 overflow-x-auto rounded-lg border border-border">
              <table className="w-full min-w-[30rem] text-left text-xs">
                <thead className="bg-muted/60 text-muted-foreground">
                  <tr>
                    <th className="px-3 py-2 font-medium">Name</th>
                    <th className="px-3 py-2 font-medium">Scheduled Time</th>
                    <th className="px-3 py-2 text-right font-medium">Dispatched</th>
                    <th className="px-3 py-2 text-right font-medium">Delivered</th>
                    <th className="px-3 py-2 font-medium">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {demoCampaigns.map((campaign) => (
                    <tr key={campaign.name} className="border-t border-border">
                      <td className="px-3 py-2 font-medium whitespace-nowrap">{campaign.name}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                        {campaign.time}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {campaign.sent.toLocaleString('en-US')}
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {campaign.delivered.toLocaleString('en-US')}
                      </td>
                      <td className="px-3 py-2">
                        <CampaignStatusBadge status={campaign.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
