// 'Ask to subscribe' for the inbox's current view (search, filter, tag): a dry run for the confirmation's
// figures, then the run, with a toast of what was done.
import { toast } from '@pagecast/ui';
import { TEAM_TEXT, type AskFilterToSubscribeProps } from '@pagecast/ui/screens/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../lib/api';
import { errorMessage, unwrap } from '../../lib/query';
import { queryKeys, type RecipientSearch } from '../../lib/query-keys';

export function useAskFilterToSubscribe(
  pageId: string,
  match: RecipientSearch,
): AskFilterToSubscribeProps {
  const queryClient = useQueryClient();
  const run = async (dryRun: boolean) => {
    try {
      return unwrap(
        await tsr.marketing.askManyToSubscribe.mutate({
          params: { pageId },
          body: {
            match: {
              q: match.q || undefined,
              filter: match.filter,
              tagId: match.tagId ?? undefined,
            },
            dryRun,
          },
        }),
        200,
      );
    } catch (err) {
      toast.error(errorMessage(err, TEAM_TEXT.askFilterFailed));
      return null;
    }
  };
  return {
    onPreview: () => run(true),
    onConfirm: async () => {
      const done = await run(false);
      if (done) {
        toast.success(TEAM_TEXT.askFilterDone(done.asked, done.failed));
        // Contacts' subscription states ('asked this week') changed: the prefix covers each of them.
        void queryClient.invalidateQueries({ queryKey: queryKeys.marketing.setup(pageId) });
      }
      return done;
    },
  };
}
