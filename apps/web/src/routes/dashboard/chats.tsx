import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ChatsPage } from '../../features/inbox/inbox-page';
import { requireMessagingRole } from '../../features/auth/guards';

/** `?tag=<id>`: the inbox opens filtered by that tag (Manage Tags links here). */
const chatsSearch = z.object({ tag: z.string().uuid().optional().catch(undefined) });

export const Route = createFileRoute('/dashboard/chats')({
  validateSearch: (search) => chatsSearch.parse(search),
  beforeLoad: requireMessagingRole,
  component: ChatsRoute,
});

function ChatsRoute() {
  const { tag } = Route.useSearch();
  return <ChatsPage initialTag={tag ?? null} />;
}
