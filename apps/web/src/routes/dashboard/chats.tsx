import { createFileRoute } from '@tanstack/react-router';
import { ChatsPage } from '../../features/chats/chats-page';
import { requireMessagingRole } from '../../features/auth/guards';

export const Route = createFileRoute('/dashboard/chats')({
  beforeLoad: requireMessagingRole,
  component: ChatsPage,
});
