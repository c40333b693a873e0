// Tags in the inbox: the page's tags for the selector and the open chat's own, toggled optimistically
// (spec §4: a failure reverts only when no other toggle is in flight; the server's list wins once idle).
import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { INBOX_TEXT, type InboxScreenProps, type TagOption } from '@pagecast/ui/screens/inbox';
import { queryKeys } from '../../lib/query-keys';
import { useTagsQuery } from '../tags';
import { setChatTag } from './queries';

export type ChatTagsProps = Pick<
  InboxScreenProps,
  'tags' | 'tagsLoading' | 'tagsError' | 'chatTags' | 'tagUpdating' | 'onToggleTag'
>;

/** `serverChatTags`: the open chat's tags as its conversation query last returned them. */
export function useChatTags(
  pageId: string,
  selectedId: string | null,
  serverChatTags: Tag[] | undefined,
): ChatTagsProps {
  const queryClient = useQueryClient();
  const tagsQuery = useTagsQuery(pageId);
  const pageTags: TagOption[] = useMemo(
    () => (tagsQuery.data ?? []).map((t) => ({ id: t.tag.id, name: t.tag.name })),
    [tagsQuery.data],
  );
  const [localTags, setLocalTags] = useState<{ userId: string; tags: TagOption[] } | null>(null);
  const tagUpdates = useRef(0);
  const [tagUpdating, setTagUpdating] = useState(false);
  const chatTags: TagOption[] =
    localTags && localTags.userId === selectedId
      ? localTags.tags
      : (serverChatTags ?? []).map((t) => ({ id: t.id, name: t.name }));

  const toggle = async (tagId: string, assign: boolean) => {
    const userId = selectedId;
    if (!userId) return;
    const original = chatTags;
    const name = pageTags.find((t) => t.id === tagId)?.name ?? '';
    setLocalTags({
      userId,
      tags: assign ? [...original, { id: tagId, name }] : original.filter((t) => t.id !== tagId),
    });
    tagUpdates.current++;
    setTagUpdating(true);
    try {
      await setChatTag({ userId, tagId, pageId }, assign);
      toast.success(assign ? INBOX_TEXT.tagAdded : INBOX_TEXT.tagRemoved);
    } catch (err) {
      console.error('Failed to update tags', err);
      if (tagUpdates.current === 1) setLocalTags({ userId, tags: original });
    } finally {
      tagUpdates.current--;
      if (tagUpdates.current === 0) {
        setTagUpdating(false);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.inbox.conversation(pageId, userId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.tags.list(pageId) }),
        ]);
        if (tagUpdates.current === 0) setLocalTags(null);
      }
    }
  };

  return {
    tags: pageTags,
    tagsLoading: tagsQuery.isPending,
    tagsError: tagsQuery.isError,
    chatTags,
    tagUpdating,
    onToggleTag: (tagId, assign) => void toggle(tagId, assign),
  };
}
