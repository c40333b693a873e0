// /dashboard/home: the selected page's overview (GET /api/v1/pages/{pageId}/overview) on the Home screen.
import { useNavigate } from '@tanstack/react-router';
import { PageOverview } from '@pagecast/contract';
import { HomeScreen, type HomeSection } from '@pagecast/ui/screens/home';
import { tsr } from '../../lib/api';
import { errorMessage } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { usePagesStore } from '../../stores';

export const OVERVIEW_ERROR_FALLBACK = 'An error occurred';

export function HomePage() {
  const navigate = useNavigate();
  const selectedPage = usePagesStore((s) => s.selectedPage);
  const pageId = selectedPage?.pageId ?? '';
  const query = tsr.pages.getOverview.useQuery({
    queryKey: queryKeys.overview(pageId),
    queryData: { params: { pageId } },
    enabled: pageId !== '',
    // The numbers move with webhooks and campaigns: refresh when the admin comes back to the tab.
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });

  // Checked, not trusted: a body of another shape (proxy page, older server) shows the error state.
  const parsed = query.data?.status === 200 ? PageOverview.safeParse(query.data.body) : null;
  const overview = parsed?.success ? parsed.data : null;
  const state = query.isPending ? 'loading' : overview ? 'ready' : 'error';

  return (
    <HomeScreen
      pageName={selectedPage?.name ?? ''}
      state={state}
      overview={overview}
      errorMessage={
        state === 'error' ? errorMessage(query.error ?? query.data, OVERVIEW_ERROR_FALLBACK) : null
      }
      onRetry={() => void query.refetch()}
      onNavigate={(section: HomeSection) =>
        void navigate({ to: `/dashboard/${section}`, replace: true })
      }
    />
  );
}
