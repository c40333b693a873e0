import { createFileRoute } from '@tanstack/react-router';
import { ChatsScreen } from '../../features/dashboard/screens';

export const Route = createFileRoute('/dashboard/chats')({ component: ChatsScreen });
