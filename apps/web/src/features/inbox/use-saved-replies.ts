// The page's saved replies in the inbox: offered to the composer (filled with the open contact's names) and
// managed in their dialog.
import {
  namesOf,
  renderPlaceholders,
  SAVED_REPLY_LIMITS,
  type SavedReply,
} from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import {
  TEAM_TEXT,
  type InboxScreenProps,
  type SavedRepliesDialogProps,
} from '@pagecast/ui/screens/inbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { tsr } from '../../lib/api';
import { ApiError, errorMessage, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

export function useSavedReplies(
  pageId: string,
  contactName: string | null,
): {
  props: Pick<InboxScreenProps, 'savedReplies' | 'fillSavedReply' | 'onManageSavedReplies'>;
  dialog: SavedRepliesDialogProps;
} {
  const queryClient = useQueryClient();
  const key = queryKeys.savedReplies.list(pageId);
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(await tsr.savedReplies.listSavedReplies.query({ params: { pageId } }), 200).replies,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const fillSavedReply = useCallback(
    (body: string) => renderPlaceholders(body, namesOf(contactName)),
    [contactName],
  );
  const replies: SavedReply[] | undefined = query.data;
  return {
    props: {
      savedReplies: replies,
      fillSavedReply,
      onManageSavedReplies: () => setOpen(true),
    },
    dialog: {
      open,
      onOpenChange: setOpen,
      replies,
      loading: query.isPending,
      limits: SAVED_REPLY_LIMITS,
      onSave: async (input, id) => {
        try {
          if (id)
            unwrap(
              await tsr.savedReplies.updateSavedReply.mutate({
                params: { pageId, id },
                body: input,
              }),
              200,
            );
          else
            unwrap(
              await tsr.savedReplies.createSavedReply.mutate({ params: { pageId }, body: input }),
              201,
            );
          void refresh();
          toast.success(TEAM_TEXT.replySaved);
          return { ok: true };
        } catch (err) {
          return {
            ok: false,
            message: errorMessage(err, TEAM_TEXT.replyFailed),
            fieldErrors: err instanceof ApiError ? err.fieldErrors : undefined,
          };
        }
      },
      onDelete: (reply) => {
        if (!window.confirm(TEAM_TEXT.confirmDeleteReply(reply.title))) return;
        void (async () => {
          try {
            unwrap(
              await tsr.savedReplies.deleteSavedReply.mutate({ params: { pageId, id: reply.id } }),
              200,
            );
            void refresh();
            toast.success(TEAM_TEXT.replyDeleted);
          } catch (err) {
            toast.error(errorMessage(err, TEAM_TEXT.replyFailed));
          }
        })();
      },
    },
  };
}
