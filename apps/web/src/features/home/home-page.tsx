// /dashboard/home: the selected page's overview (GET /api/v1/pages/{pageId}/overview) on the Home screen.
import { useNavigate } from '@tanstack/react-router';
import { HomeScreen, type HomeQueueView, type HomeSection } from '@pagecast/ui/screens/home';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import { useSyncState } from '../sync';
import { useOverviewQuery } from './queries';

export const OVERVIEW_ERROR_FALLBACK = 'An error occurred';

export function HomePage() {
  const navigate = useNavigate();
  const selectedPage = usePagesStore((s) => s.selectedPage);
  const query = useOverviewQuery(selectedPage?.pageId ?? '');
  const overview = query.data ?? null;
  const state = query.isPending ? 'loading' : overview ? 'ready' : 'error';
  const sync = useSyncState(selectedPage?.pageId);

  return (
    <HomeScreen
      pageName={selectedPage?.name ?? ''}
      state={state}
      overview={overview}
      errorMessage={state === 'error' ? errorMessage(query.error, OVERVIEW_ERROR_FALLBACK) : null}
      onRetry={() => void query.refetch()}
      syncProgress={sync.isSyncing ? (sync.progress ?? { processed: 0, total: null }) : null}
      onNavigate={(section: HomeSection) =>
        void navigate({ to: `/dashboard/${section}`, replace: true })
      }
      onOpenQueue={(view: HomeQueueView) =>
        void navigate({
          to: '/dashboard/chats',
          search: view === 'mine' ? { assignee: 'mine' } : { filter: view },
        })
      }
    />
  );
}
