// /dashboard/chats: wires the inbox hooks (list, open chat, sending, tags, bulk tagging, the contact's
// marketing-messages subscription) and the live events to the pure InboxScreen.
import { useCallback, useRef, useState } from 'react';
import type { InboxAssigneeFilter, InboxFilter, Recipient } from '@pagecast/contract';
import type { RecipientSearch } from '../../lib/query-keys';
import { InboxScreen, SavedRepliesDialog } from '@pagecast/ui/screens/inbox';
import { env } from '../../lib/env';
import { selectIsSignedIn, useAuthStore, usePagesStore } from '../../stores';
import { ShortcutsDialog } from './shortcuts-dialog';
import { useAskFilterToSubscribe } from './use-ask-filter-subscribe';
import { useBulkTagging } from './use-bulk-tagging';
import { useChatTags } from './use-chat-tags';
import { useConversation } from './use-conversation';
import { useInboxShortcuts } from './use-inbox-shortcuts';
import { useLiveInbox } from './use-live-inbox';
import { useMarkRead } from './use-mark-read';
import { useNotes } from './use-notes';
import { useQueue, useQueueTitle } from './use-queue';
import { useOptimisticSend } from './use-optimistic-send';
import { useRecipients } from './use-recipients';
import { useSavedReplies } from './use-saved-replies';
import { useSubscription } from './use-subscription';

type Initial = Pick<RecipientSearch, 'filter' | 'assignee'> & { tagId: string | null };

export function InboxPage({
  initialTag = null,
  initialFilter = 'all',
  initialAssignee = 'all',
}: {
  initialTag?: string | null;
  initialFilter?: InboxFilter;
  initialAssignee?: InboxAssigneeFilter;
}) {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const initial = { tagId: initialTag, filter: initialFilter, assignee: initialAssignee };
  // A new page (or a link to another tag's chats or filter) starts from a clean slate (selection, drafts,
  // optimistic messages).
  return pageId ? (
    <Inbox
      key={`${pageId}:${initialTag ?? ''}:${initialFilter}:${initialAssignee}`}
      pageId={pageId}
      initial={initial}
    />
  ) : null;
}

function Inbox({ pageId, initial }: { pageId: string; initial: Initial }) {
  useLiveInbox(pageId, useAuthStore(selectIsSignedIn));

  const { match, ...list } = useRecipients(pageId, initial);
  const chat = useConversation(pageId, list.recipients[0]?.id ?? null);
  const send = useOptimisticSend(pageId, chat.selectedId, chat.data);
  const tags = useChatTags(pageId, chat.selectedId, chat.data?.pages[0]?.tags);
  const bulk = useBulkTagging(pageId, match);
  const subscription = useSubscription(pageId, chat.selectedId);
  const notes = useNotes(pageId, chat.selectedId, send.messages, chat.props.hasOlder);
  // The open chat stays open while a search or filter leaves it out of the list.
  const lastOpen = useRef<Recipient | null>(null);
  const listed = list.recipients.find((r) => r.id === chat.selectedId);
  if (listed) lastOpen.current = listed;
  const open = listed ?? (lastOpen.current?.id === chat.selectedId ? lastOpen.current : null);
  // Read means seen: on a phone the first chat is selected behind the list, not opened.
  const [chatVisible, setChatVisible] = useState(false);
  useMarkRead(pageId, chatVisible ? open : null);
  const savedReplies = useSavedReplies(pageId, open?.name ?? null);
  const askFilterToSubscribe = useAskFilterToSubscribe(pageId, match);
  const { mine, ...queue } = useQueue(pageId, chat.selectedId);
  useQueueTitle(mine, list.recipients);

  // Keyboard shortcuts ('?' lists them).
  const shortcutsRoot = useRef<HTMLDivElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useInboxShortcuts(shortcutsRoot, { onHelp: openHelp });

  return (
    // `contents`: the wrapper only scopes the keyboard shortcuts, it adds no box to the layout.
    <div ref={shortcutsRoot} className="contents">
      <InboxScreen
        humanAgent={env.features.humanAgent}
        {...list}
        {...chat.props}
        {...send}
        {...notes}
        {...savedReplies.props}
        askFilterToSubscribe={askFilterToSubscribe}
        {...tags}
        {...bulk}
        {...subscription}
        {...queue}
        selectedRecipient={open}
        onShowShortcuts={openHelp}
        onChatVisibleChange={setChatVisible}
      />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <SavedRepliesDialog {...savedReplies.dialog} />
    </div>
  );
}
