import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ScheduleCampaignPage } from '../../features/campaigns';
import { requireMessagingRole } from '../../features/auth';

/** `?tag=<id>`: the form opens with that tag as the audience (a follow-up from a campaign's results). */
const scheduleSearch = z.object({ tag: z.string().uuid().optional().catch(undefined) });

export const Route = createFileRoute('/dashboard/schedule')({
  validateSearch: (search) => scheduleSearch.parse(search),
  beforeLoad: requireMessagingRole,
  component: ScheduleRoute,
});

function ScheduleRoute() {
  const { tag } = Route.useSearch();
  return <ScheduleCampaignPage initialTag={tag ?? ''} />;
}
