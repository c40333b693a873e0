// /dashboard/chats: wires the inbox queries, sends, tags and live events to the pure InboxScreen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bulkTagProgress } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import {
  InboxScreen,
  INBOX_TEXT,
  type InboxMessage,
  type TagOption,
} from '@pagecast/ui/screens/inbox';
import { errorMessage } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { useAuthStore, usePagesStore } from '../../stores';
import {
  addMessage,
  conversationOldestFirst,
  flattenRecipients,
  type ConversationData,
} from './cache';
import { useTagsQuery } from '../tags/queries';
import { sendMessage, setChatTag, useConversationQuery, useRecipientsQuery } from './queries';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useInboxShortcuts } from './use-inbox-shortcuts';
import { useLiveInbox } from './use-live-inbox';

export const LOAD_MORE_FAILED_LOG = 'Failed to load more recipients';
export const SEND_FAILED_LOG = 'Error sending message';
/** Parallel add/remove calls of a bulk tag run. */
export const BULK_CONCURRENCY = 4;

type Pending = InboxMessage & { userId: string; sameTextBefore: number };

export function ChatsPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  // A new page starts from a clean slate (selection, drafts, optimistic messages).
  return pageId ? <Inbox key={pageId} pageId={pageId} /> : null;
}

/**
 * The live stream can deliver the page's own message before the send request answers: the optimistic copy
 * would show twice ('Sending' and sent) for that moment. A message still sending is hidden once the
 * conversation holds more page messages with its text than when it was sent (`sameTextBefore`); each new
 * one stands in for one pending copy only.
 */
export function withoutEchoed<P extends InboxMessage & { sameTextBefore: number }>(
  pending: P[],
  confirmed: Array<{ message: string; sentBy: string }>,
  pageId: string,
): P[] {
  const claimed = new Map<string, number>();
  return pending.filter((p) => {
    if (p.state !== 'sending') return true;
    const copies = confirmed.filter((m) => m.sentBy === pageId && m.message === p.message).length;
    const taken = claimed.get(p.message) ?? 0;
    if (copies - taken <= p.sameTextBefore) return true;
    claimed.set(p.message, taken + 1);
    return false;
  });
}

function Inbox({ pageId }: { pageId: string }) {
  const queryClient = useQueryClient();
  const token = useAuthStore((s) => s.accessToken);
  useLiveInbox(pageId, token);

  // ---- recipients ----
  const recipientsQuery = useRecipientsQuery(pageId);
  const recipients = useMemo(() => flattenRecipients(recipientsQuery.data), [recipientsQuery.data]);
  const loadMore = () => {
    if (!recipientsQuery.hasNextPage || recipientsQuery.isFetchingNextPage) return;
    void recipientsQuery.fetchNextPage().then((r) => {
      if (r.isError) console.error(LOAD_MORE_FAILED_LOG, r.error);
    });
  };

  // ---- selection: the first recipient once the list loads (spec §4) ----
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const firstId = recipients[0]?.id ?? null;
  useEffect(() => {
    if (!selectedId && firstId) setSelectedId(firstId);
  }, [selectedId, firstId]);

  // ---- the open conversation ----
  const conversationQuery = useConversationQuery(pageId, selectedId);

  // ---- sending: optimistic, failed messages stay with a Retry ----
  const [pending, setPending] = useState<Pending[]>([]);
  const sendSeq = useRef(0);
  const deliver = useCallback(
    async (userId: string, localId: string, text: string): Promise<boolean> => {
      setPending((list) => list.map((p) => (p.id === localId ? { ...p, state: 'sending' } : p)));
      try {
        const message = await sendMessage(pageId, userId, text);
        queryClient.setQueryData<ConversationData>(
          queryKeys.chats.conversation(pageId, userId),
          (data) => (data ? addMessage(data, message) : data),
        );
        setPending((list) => list.filter((p) => p.id !== localId));
        void queryClient.invalidateQueries({ queryKey: queryKeys.chats.all(pageId) });
        return true;
      } catch (err) {
        console.error(SEND_FAILED_LOG, err);
        setPending((list) => list.map((p) => (p.id === localId ? { ...p, state: 'failed' } : p)));
        toast.error(err instanceof Error ? err.message : 'The message could not be sent.');
        return false;
      }
    },
    [pageId, queryClient],
  );
  const onSend = async (text: string) => {
    const userId = selectedId;
    if (!userId || text.trim() === '') return false;
    const localId = `local-${++sendSeq.current}`;
    setPending((list) => [
      ...list,
      {
        id: localId,
        userId,
        message: text,
        createdAt: new Date().toISOString(),
        sentBy: pageId,
        state: 'sending',
        sameTextBefore: conversationOldestFirst(
          queryClient.getQueryData<ConversationData>(queryKeys.chats.conversation(pageId, userId)),
        ).filter((m) => m.sentBy === pageId && m.message === text).length,
      },
    ]);
    return deliver(userId, localId, text);
  };
  const onRetry = (localId: string) => {
    const p = pending.find((x) => x.id === localId);
    if (p && p.state === 'failed') void deliver(p.userId, p.id, p.message);
  };
  const messages: InboxMessage[] = useMemo(() => {
    const confirmed = conversationOldestFirst(conversationQuery.data);
    return [
      ...confirmed,
      ...withoutEchoed(
        pending.filter((p) => p.userId === selectedId),
        confirmed,
        pageId,
      ),
    ];
  }, [conversationQuery.data, pending, selectedId, pageId]);

  // ---- tags of the page and of the open chat (spec §4: optimistic, revert only when alone) ----
  const tagsQuery = useTagsQuery(pageId);
  const pageTags: TagOption[] = useMemo(
    () => (tagsQuery.data ?? []).map((t) => ({ id: t.tag.id, name: t.tag.name })),
    [tagsQuery.data],
  );
  const serverChatTags = conversationQuery.data?.pages[0]?.tags;
  const [localTags, setLocalTags] = useState<{ userId: string; tags: TagOption[] } | null>(null);
  const tagUpdates = useRef(0);
  const [tagUpdating, setTagUpdating] = useState(false);
  const chatTags: TagOption[] =
    localTags && localTags.userId === selectedId
      ? localTags.tags
      : (serverChatTags ?? []).map((t) => ({ id: t.id, name: t.name }));
  const onToggleTag = async (tagId: string, assign: boolean) => {
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
          queryClient.invalidateQueries({ queryKey: queryKeys.chats.conversation(pageId, userId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.tags.list(pageId) }),
        ]);
        if (tagUpdates.current === 0) setLocalTags(null);
      }
    }
  };

  // ---- multi-select and bulk tag assignment ----
  const [multiSelect, setMultiSelect] = useState(false);
  const [checkedIds, setCheckedIds] = useState<ReadonlySet<string>>(new Set());
  const [bulkRunning, setBulkRunning] = useState(false);
  const [bulkProgress, setBulkProgress] = useState<number | null>(null);
  // Stable (like setSelectedId): the conversation rows are memoized on their callbacks.
  const onToggleChecked = useCallback(
    (id: string) =>
      setCheckedIds((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const onMultiSelectChange = (on: boolean) => {
    setMultiSelect(on);
    if (!on) setCheckedIds(new Set());
    setBulkProgress(null);
  };
  const onBulkApply = async (add: string[], remove: string[]) => {
    const chats = [...checkedIds];
    const ops = chats.flatMap((userId) => [
      ...add.map((tagId) => () => setChatTag({ userId, tagId, pageId }, true)),
      ...remove.map((tagId) => () => setChatTag({ userId, tagId, pageId }, false)),
    ]);
    setBulkRunning(true);
    setBulkProgress(0);
    let completed = 0;
    let failed = 0;
    let next = 0;
    const worker = async () => {
      while (next < ops.length) {
        const op = ops[next++] as () => Promise<unknown>;
        try {
          await op();
        } catch (err) {
          failed++;
          console.error('Bulk tag update failed', err);
        }
        completed++;
        setBulkProgress(bulkTagProgress(completed, add.length, remove.length, chats.length));
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ops.length) }, worker));
    setBulkRunning(false);
    if (failed > 0)
      toast.error(`${failed} of ${ops.length} tag updates failed. Try again for the rest.`);
    else toast.success(`Tags updated for ${chats.length} chat(s)`);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.chats.conversations(pageId) }),
    ]);
  };

  // ---- keyboard shortcuts ('?' lists them) ----
  const shortcutsRoot = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useInboxShortcuts(shortcutsRoot, { onHelp: openHelp });

  const listError =
    recipientsQuery.isError && !recipientsQuery.data
      ? errorMessage(
          recipientsQuery.error,
          recipientsQuery.error.message || 'Could not load conversations',
        )
      : null;
  const chatError =
    conversationQuery.isError && !conversationQuery.data
      ? errorMessage(
          conversationQuery.error,
          conversationQuery.error.message || 'Could not load messages',
        )
      : null;

  return (
    // `contents`: the wrapper only scopes the keyboard shortcuts, it adds no box to the layout.
    <div ref={shortcutsRoot} className="contents">
      <InboxScreen
        recipients={recipients}
        recipientsLoading={recipientsQuery.isPending}
        recipientsError={listError}
        hasMore={Boolean(recipientsQuery.hasNextPage)}
        loadingMore={recipientsQuery.isFetchingNextPage}
        onLoadMore={loadMore}
        selectedId={selectedId}
        onSelect={setSelectedId}
        messages={messages}
        messagesLoading={Boolean(selectedId) && conversationQuery.isPending}
        messagesError={chatError}
        hasOlder={Boolean(conversationQuery.hasNextPage)}
        loadingOlder={conversationQuery.isFetchingNextPage}
        onLoadOlder={() => void conversationQuery.fetchNextPage()}
        onSend={onSend}
        onRetry={onRetry}
        tags={pageTags}
        tagsLoading={tagsQuery.isPending}
        tagsError={tagsQuery.isError}
        chatTags={chatTags}
        tagUpdating={tagUpdating}
        onToggleTag={(tagId, assign) => void onToggleTag(tagId, assign)}
        multiSelect={multiSelect}
        onMultiSelectChange={onMultiSelectChange}
        checkedIds={checkedIds}
        onToggleChecked={onToggleChecked}
        bulkRunning={bulkRunning}
        bulkProgress={bulkProgress}
        onBulkApply={(add, remove) => void onBulkApply(add, remove)}
        onShowShortcuts={openHelp}
      />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
