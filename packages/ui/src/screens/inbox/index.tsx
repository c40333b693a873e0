// Messages / inbox screen (spec §2, §4): pure — data and callbacks in, nothing fetched here.
// Its props are the whole inbox's (list, thread, notes, queue, team: a third of the file); the layout that
// passes them on is short, and each column is a component of its own file.
import {
  LIMITS,
  NOTE_LIMITS,
  replyWindow,
  type ContactSubscription,
  type ConversationStatusBody,
  type InboxAssigneeFilter,
  type InboxFilter,
  type PageMessagingAdmin,
  type Recipient,
} from '@pagecast/contract';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Avatar } from '../../primitives/avatar';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { Spinner } from '../../primitives/spinner';
import { AskFilterToSubscribe, type AskFilterToSubscribeProps } from './ask-filter-subscribe';
import { BulkTagPanel } from './bulk-tag-panel';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { MessageList, type InboxMessage } from './message-list';
import { QueueControls } from './queue-controls';
import { ReplyWindowNotice, replyWindowLabel } from './reply-window';
import type { SavedReplyOption } from './saved-reply-picker';
import { SubscriptionMenu } from './subscription-menu';
import { TagSelector, type TagOption } from './tag-selector';
import { INBOX_TEXT } from './text';

export { INBOX_TEXT } from './text';
export { BulkTagPanel, type BulkTagPanelProps } from './bulk-tag-panel';
export { Composer, type ComposerProps } from './composer';
export { ConversationList, type ConversationListProps } from './conversation-list';
export {
  MessageList,
  SCROLL_BOTTOM_THRESHOLD_PX,
  type InboxMessage,
  type MessageListProps,
} from './message-list';
export { TagSelector, type TagOption, type TagSelectorProps } from './tag-selector';
export { NoteCard, type InboxNote, type NoteCardProps } from './note-card';
export { TEAM_TEXT } from './team-text';
export { AskFilterToSubscribe, type AskFilterToSubscribeProps } from './ask-filter-subscribe';
export { type SavedReplyOption, matchSavedReplies } from './saved-reply-picker';
export {
  SavedRepliesDialog,
  type SavedRepliesDialogProps,
  type SavedReplySaveResult,
} from './saved-replies-dialog';
export { QueueControls, snoozeTimes, type QueueControlsProps } from './queue-controls';

export interface InboxScreenProps {
  /**
   * The app has Meta's Human Agent feature (HUMAN_AGENT_ENABLED): replies up to 7 days. Off: the composer
   * closes 24 hours after the contact's last message and says why.
   */
  humanAgent?: boolean;
  recipients: Recipient[];
  recipientsLoading: boolean;
  recipientsError: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The open contact when a search or filter leaves it out of `recipients` (the chat stays open). */
  selectedRecipient?: Recipient | null;

  messages: InboxMessage[];
  messagesLoading: boolean;
  messagesError: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Resolves true when sent (the composer then clears). */
  onSend: (text: string) => Promise<boolean> | boolean;
  onRetry: (id: string) => void;
  /** Private notes (shown in `messages` as `note` items): write, and edit or delete one's own. */
  onWriteNote?: (text: string) => Promise<boolean> | boolean;
  onEditNote?: (id: string, body: string) => Promise<boolean> | boolean;
  onDeleteNote?: (id: string) => void;
  /** The page's saved replies for the composer's `/` list, filled for the open contact. */
  savedReplies?: SavedReplyOption[];
  fillSavedReply?: (body: string) => string;
  onManageSavedReplies?: () => void;
  /** 'Ask to subscribe' for everyone in the current view (shown in the list's header when given). */
  askFilterToSubscribe?: AskFilterToSubscribeProps;

  tags: TagOption[];
  tagsLoading: boolean;
  tagsError: boolean;
  chatTags: TagOption[];
  tagUpdating: boolean;
  onToggleTag: (tagId: string, assign: boolean) => void;

  multiSelect: boolean;
  onMultiSelectChange: (on: boolean) => void;
  checkedIds: ReadonlySet<string>;
  onToggleChecked: (id: string) => void;
  bulkRunning: boolean;
  bulkProgress: number | null;
  onBulkApply: (add: string[], remove: string[]) => void;

  /** The open contact's marketing-messages subscription (undefined: not shown). */
  subscription?: ContactSubscription;
  subscriptionBusy?: boolean;
  onAskToSubscribe?: () => void;
  onUnsubscribe?: () => void;

  /**
   * Server-side search and filters (names and message text over all the page's contacts). Without
   * `onSearchChange` the screen keeps the search itself and filters the loaded rows by name.
   */
  search?: string;
  onSearchChange?: (value: string) => void;
  searching?: boolean;
  filter?: InboxFilter;
  onFilterChange?: (filter: InboxFilter) => void;
  tagFilter?: string | null;
  onTagFilterChange?: (tagId: string | null) => void;
  /** Bulk tagging by search: how many contacts it matches, and whether all of them are selected. */
  matchingCount?: number | null;
  allMatchingSelected?: boolean;
  onSelectAllMatching?: (on: boolean) => void;

  now?: Date;
  locale?: string;
  /** Shows the keyboard shortcuts help (a labelled button in the list header). */
  onShowShortcuts?: () => void;
  /** Whether the open chat is on screen (beside the list, or alone on a narrow inbox): marking it read
   *  waits for that. */
  onChatVisibleChange?: (visible: boolean) => void;

  /** The queue (docs/inbox.md): Mine / Unassigned, the signed-in admin, the page's messaging admins. */
  assigneeFilter?: InboxAssigneeFilter;
  onAssigneeFilterChange?: (value: InboxAssigneeFilter) => void;
  meId?: string;
  assignees?: PageMessagingAdmin[];
  /** Resolve / reopen / snooze the open conversation (none: no queue controls in its header). */
  onStatusChange?: (body: ConversationStatusBody) => void;
  onAssign?: (userId: string | null) => void;
  queueBusy?: boolean;
  unreachableCount?: number;
  onResolveUnreachable?: () => void;
  resolvingUnreachable?: boolean;
  /** The page setting 'Resolve when a person replies'. */
  resolveOnReply?: boolean;
  onResolveOnReplyChange?: (on: boolean) => void;
}

/** The width from which the inbox shows two columns: its `@2xl` container query (42rem). */
const TWO_COLUMNS_REM = 42;

/**
 * Whether the inbox is wide enough for two columns, from a ResizeObserver (its reports come after the
 * browser's layout; reading the width here would force one). Until the first report, a guess from the
 * window: a phone gets one column, a desktop two.
 */
function useTwoColumns(ref: RefObject<HTMLElement | null>): boolean {
  const [wide, setWide] = useState(
    () => typeof window === 'undefined' || window.innerWidth >= 1024,
  );
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setWide(entry.contentRect.width >= TWO_COLUMNS_REM * rem);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return wide;
}

export function InboxScreen(props: InboxScreenProps) {
  const [ownSearch, setOwnSearch] = useState('');
  const serverSearch = Boolean(props.onSearchChange);
  const search = serverSearch ? (props.search ?? '') : ownSearch;
  const setSearch = props.onSearchChange ?? setOwnSearch;
  // A narrow inbox shows one column at a time: the list, the chat, or (multi-select) the bulk panel; a wide
  // one shows the list and the chat or panel side by side.
  const [mobileView, setMobileView] = useState<'list' | 'chat' | 'bulk'>('list');
  const selected =
    props.recipients.find((r) => r.id === props.selectedId) ??
    (props.selectedRecipient?.id === props.selectedId ? props.selectedRecipient : null) ??
    null;
  const allMatching = props.multiSelect && !!props.allMatchingSelected;
  const selectedCount = allMatching ? (props.matchingCount ?? 0) : props.checkedIds.size;
  const showBulk = props.multiSelect && selectedCount > 0;
  // Ticking chats keeps the list on screen (so several can be ticked); 'Assign tags' then shows the panel.
  const narrowShowsPanel = showBulk ? mobileView === 'bulk' : mobileView === 'chat';
  // The chat panel is made the first time it is on screen (a phone opening the inbox sees the list only,
  // and renders no hidden chat), then kept, with its draft, while the list takes its place.
  const rootRef = useRef<HTMLDivElement>(null);
  const wide = useTwoColumns(rootRef);
  const chatVisible = !showBulk && (wide || mobileView === 'chat');
  const [chatMade, setChatMade] = useState(chatVisible);
  if (chatVisible && !chatMade) setChatMade(true);
  const { onChatVisibleChange } = props;
  useEffect(() => {
    onChatVisibleChange?.(chatVisible);
  }, [chatVisible, onChatVisibleChange]);
  const { onSelect } = props;
  // Stable, so the memoized conversation rows do not all re-render whenever the inbox does.
  const selectConversation = useCallback(
    (id: string) => {
      onSelect(id);
      setMobileView('chat');
    },
    [onSelect],
  );

  return (
    // The columns follow the inbox's own width (a container query), not the window's: at 768px with the
    // sidebar expanded there is no room for two, so the list and the chat take turns as on a phone.
    <div
      ref={rootRef}
      data-slot="inbox"
      className="@container flex h-[calc(100svh-3.5rem)] min-h-0 w-full overflow-hidden"
    >
      <aside
        aria-label="Conversations"
        className={cn(
          'min-h-0 w-full shrink-0 border-border @2xl:flex @2xl:w-[550px] @2xl:max-w-[50%] @2xl:border-r',
          narrowShowsPanel ? 'hidden' : 'flex',
        )}
      >
        <div className="flex min-h-0 w-full flex-col">
          <div className="flex min-h-0 flex-1 flex-col">
            <ConversationList
              recipients={props.recipients}
              loading={props.recipientsLoading}
              error={props.recipientsError}
              selectedId={props.selectedId}
              onSelect={selectConversation}
              search={search}
              onSearchChange={setSearch}
              serverSearch={serverSearch}
              searching={props.searching}
              filter={props.filter}
              onFilterChange={props.onFilterChange}
              tagOptions={props.tags}
              tagFilter={props.tagFilter}
              onTagFilterChange={props.onTagFilterChange}
              matchingCount={props.matchingCount}
              allMatchingSelected={props.allMatchingSelected}
              onSelectAllMatching={props.onSelectAllMatching}
              hasMore={props.hasMore}
              loadingMore={props.loadingMore}
              onLoadMore={props.onLoadMore}
              multiSelect={props.multiSelect}
              onMultiSelectChange={props.onMultiSelectChange}
              checkedIds={props.checkedIds}
              onToggleChecked={props.onToggleChecked}
              now={props.now}
              humanAgent={props.humanAgent ?? false}
              onShowShortcuts={props.onShowShortcuts}
              viewActions={
                props.askFilterToSubscribe ? (
                  <AskFilterToSubscribe {...props.askFilterToSubscribe} />
                ) : undefined
              }
              assigneeFilter={props.assigneeFilter}
              onAssigneeFilterChange={props.onAssigneeFilterChange}
              meId={props.meId}
              unreachableCount={props.unreachableCount}
              onResolveUnreachable={props.onResolveUnreachable}
              resolvingUnreachable={props.resolvingUnreachable}
              resolveOnReply={props.resolveOnReply}
              onResolveOnReplyChange={props.onResolveOnReplyChange}
            />
          </div>
          {showBulk ? (
            <div className="flex items-center justify-between gap-3 border-t border-border bg-background p-3 @2xl:hidden">
              <span className="text-sm text-muted-foreground tabular-nums">
                {selectedCount} selected
              </span>
              <Button size="sm" onClick={() => setMobileView('bulk')}>
                {INBOX_TEXT.assignTags}
              </Button>
            </div>
          ) : null}
        </div>
      </aside>

      <section
        // The bulk panel is its own region (labelled by its heading): no second one around it.
        aria-label={showBulk ? undefined : 'Conversation'}
        className={cn(
          'min-h-0 min-w-0 flex-1 flex-col @2xl:flex',
          narrowShowsPanel ? 'flex' : 'hidden',
        )}
      >
        {showBulk ? (
          <>
            <div className="border-b border-border p-2 @2xl:hidden">
              {/* Back to the list, keeping the ticked chats. */}
              <Button
                variant="ghost"
                size="sm"
                aria-label="Back to conversations"
                onClick={() => setMobileView('list')}
              >
                <ArrowLeft aria-hidden="true" /> Back
              </Button>
            </div>
            <BulkTagPanel
              selectedCount={selectedCount}
              tags={props.tags}
              tagsLoading={props.tagsLoading}
              tagsError={props.tagsError}
              running={props.bulkRunning}
              progress={props.bulkProgress}
              onApply={props.onBulkApply}
            />
          </>
        ) : !selected ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
            <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <MessageSquare aria-hidden="true" className="size-6" />
            </div>
            <p className="text-lg font-semibold">{INBOX_TEXT.noConversationSelected}</p>
            <p className="text-sm text-muted-foreground">{INBOX_TEXT.noConversationSelectedHint}</p>
          </div>
        ) : chatMade ? (
          <ChatPanel {...props} recipient={selected} onBack={() => setMobileView('list')} />
        ) : null}
      </section>
    </div>
  );
}

function ChatPanel(props: InboxScreenProps & { recipient: Recipient; onBack: () => void }) {
  const { recipient } = props;
  const reply = replyWindow(recipient.lastInboundAt, Date.now(), {
    humanAgent: props.humanAgent ?? false,
  });
  return (
    <>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-3 py-2.5 md:px-4">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Back to conversations"
          className="-ml-1 shrink-0 @2xl:hidden"
          onClick={props.onBack}
        >
          <ArrowLeft />
        </Button>
        <Avatar src={recipient.profilePic} name={recipient.name} />
        <div className="grid min-w-40 flex-1">
          <h2 className="truncate font-semibold">
            <bdi>{recipient.name || 'Unknown contact'}</bdi>
          </h2>
          <p className="text-xs text-muted-foreground">
            {replyWindowLabel(reply, Date.now(), props.locale)}
          </p>
        </div>
        {/* The actions keep together and go to a second line when the name needs the room. */}
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {props.onStatusChange ? (
            <QueueControls
              recipient={recipient}
              assignees={props.assignees}
              meId={props.meId}
              busy={props.queueBusy}
              onStatusChange={props.onStatusChange}
              onAssign={props.onAssign}
            />
          ) : null}
          {props.subscription ? (
            <SubscriptionMenu
              subscription={props.subscription}
              busy={props.subscriptionBusy ?? false}
              onAsk={() => props.onAskToSubscribe?.()}
              onUnsubscribe={() => props.onUnsubscribe?.()}
            />
          ) : null}
          <TagSelector
            tags={props.tags}
            tagsLoading={props.tagsLoading}
            tagsError={props.tagsError}
            assigned={props.chatTags}
            updating={props.tagUpdating}
            onToggle={props.onToggleTag}
          />
        </div>
      </header>
      {props.messagesLoading ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label="Loading messages" />
        </div>
      ) : props.messagesError ? (
        <p
          role="alert"
          className="flex flex-1 items-center justify-center p-6 text-sm text-destructive"
        >
          {props.messagesError}
        </p>
      ) : props.messages.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
          <p className="text-lg font-semibold">{INBOX_TEXT.startConversation}</p>
          <p className="text-sm text-muted-foreground">
            {INBOX_TEXT.startConversationHint} {recipient.name || INBOX_TEXT.thisContact}
          </p>
        </div>
      ) : (
        <MessageList
          messages={props.messages}
          recipientId={recipient.id}
          recipientName={recipient.name || 'Contact'}
          hasOlder={props.hasOlder}
          loadingOlder={props.loadingOlder}
          onLoadOlder={props.onLoadOlder}
          onRetry={props.onRetry}
          locale={props.locale}
          onEditNote={props.onEditNote}
          onDeleteNote={props.onDeleteNote}
          noteMaxLength={NOTE_LIMITS.bodyMax}
        />
      )}
      <ReplyWindowNotice reply={reply} locale={props.locale} />
      <Composer
        onSend={props.onSend}
        disabled={reply.kind === 'closed'}
        maxLength={LIMITS.chatMessageMax}
        onNote={props.onWriteNote}
        savedReplies={props.savedReplies}
        fillSavedReply={props.fillSavedReply}
        onManageSavedReplies={props.onManageSavedReplies}
        noteMaxLength={NOTE_LIMITS.bodyMax}
      />
    </>
  );
}
