// The open contact's marketing-messages subscription for the inbox: read with the conversation, 'Ask to
// subscribe' and 'Unsubscribe' with a toast each (the server's 409 says why one cannot ask now).
import type { ContactSubscription } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { INBOX_TEXT } from '@pagecast/ui/screens/inbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../lib/api';
import { errorMessage, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

export function useSubscription(pageId: string, userId: string | null) {
  const queryClient = useQueryClient();
  const key = queryKeys.marketing.subscription(pageId, userId ?? '');
  const query = useQuery({
    queryKey: key,
    enabled: Boolean(userId),
    queryFn: async () =>
      unwrap(
        await tsr.marketing.getSubscription.query({ params: { pageId, userId: userId ?? '' } }),
        200,
      ),
  });
  const done = (next: ContactSubscription) => queryClient.setQueryData(key, next);
  const ask = useMutation({
    mutationFn: async () =>
      unwrap(
        await tsr.marketing.askToSubscribe.mutate({
          params: { pageId, userId: userId ?? '' },
          body: {},
        }),
        201,
      ),
    onSuccess: (next) => {
      done(next);
      toast.success(INBOX_TEXT.askSent);
    },
    onError: (err) => toast.error(errorMessage(err, INBOX_TEXT.askFailed)),
  });
  const unsubscribe = useMutation({
    mutationFn: async () =>
      unwrap(
        await tsr.marketing.unsubscribe.mutate({
          params: { pageId, userId: userId ?? '' },
          body: {},
        }),
        200,
      ),
    onSuccess: (next) => {
      done(next);
      void queryClient.invalidateQueries({ queryKey: queryKeys.marketing.setup(pageId) });
      toast.success(INBOX_TEXT.unsubscribed);
    },
    onError: (err) => toast.error(errorMessage(err, INBOX_TEXT.unsubscribeFailed)),
  });
  return {
    subscription: query.data,
    subscriptionBusy: ask.isPending || unsubscribe.isPending,
    onAskToSubscribe: () => ask.mutate(),
    onUnsubscribe: () => unsubscribe.mutate(),
  };
}
