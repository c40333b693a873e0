import { useQuery } from '@tanstack/react-query';
import { PageOverview } from '@pagecast/contract';
import { tsr } from '../../lib/api';
import { ApiError, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** The selected page's overview (Home). Checked, not trusted: a body of another shape (proxy page, older
 *  server) is an error. */
export function useOverviewQuery(pageId: string) {
  return useQuery({
    queryKey: queryKeys.overview(pageId),
    enabled: pageId !== '',
    // The numbers move with webhooks and campaigns: refresh when the admin comes back to the tab.
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    queryFn: async () => {
      const res = await tsr.pages.getOverview.query({ params: { pageId } });
      const parsed = PageOverview.safeParse(unwrap(res, 200));
      if (!parsed.success) throw new ApiError(res.status, res.body);
      return parsed.data;
    },
  });
}
