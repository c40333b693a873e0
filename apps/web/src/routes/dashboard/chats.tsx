import { createFileRoute } from '@tanstack/react-router';
import { INBOX_ASSIGNEE_FILTERS, INBOX_FILTERS } from '@pagecast/contract';
import { z } from 'zod';
import { InboxPage } from '../../features/inbox';
import { requireMessagingRole } from '../../features/auth';

/**
 * `?tag=<id>`: the inbox opens filtered by that tag (Manage Tags links here); `?filter=` and
 * `?assignee=mine`: by the queue (Home's counts link here).
 */
const inboxSearch = z.object({
  tag: z.string().uuid().optional().catch(undefined),
  filter: z.enum(INBOX_FILTERS).optional().catch(undefined),
  assignee: z.enum(INBOX_ASSIGNEE_FILTERS).optional().catch(undefined),
});

export const Route = createFileRoute('/dashboard/chats')({
  validateSearch: (search) => inboxSearch.parse(search),
  beforeLoad: requireMessagingRole,
  component: InboxRoute,
});

function InboxRoute() {
  const { tag, filter, assignee } = Route.useSearch();
  return (
    <InboxPage
      initialTag={tag ?? null}
      initialFilter={filter ?? 'all'}
      initialAssignee={assignee ?? 'all'}
    />
  );
}
