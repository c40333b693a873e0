// The inbox's left column: search, filters, bulk selection and the virtualised list of conversations.
// Long because the list, its rows and the selection bar share one keyboard and selection model; the row is
// memoised apart (ConversationRow) so a live event re-renders one row, not the list.
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  formatListTime,
  matchesName,
  replyWindow,
  type InboxAssigneeFilter,
  type InboxFilter,
  type Recipient,
} from '@pagecast/contract';
import { Check, Keyboard } from 'lucide-react';
import { memo, useMemo, useRef, type ReactNode } from 'react';
import { Avatar } from '../../primitives/avatar';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { SearchInput } from '../../primitives/input';
import { Switch } from '../../primitives/switch';
import { replyWindowRowLabel } from './reply-window';
import { INBOX_TEXT } from './text';
import { observeRectAfterLayout, scrollAfterLayout } from './virtual-list';

export interface ConversationListProps {
  recipients: Recipient[];
  loading: boolean;
  error: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  search: string;
  onSearchChange: (value: string) => void;
  /**
   * The server searches (names and message text over all contacts) and filters: the rows given are the
   * results, shown as they are. Without it the loaded rows are filtered here by name (spec §4).
   */
  serverSearch?: boolean;
  /** Searching on the server right now (a results request is in flight). */
  searching?: boolean;
  filter?: InboxFilter;
  onFilterChange?: (filter: InboxFilter) => void;
  /** Tags for the tag filter (none: no tag filter shown). */
  tagOptions?: ReadonlyArray<{ id: string; name: string }>;
  tagFilter?: string | null;
  onTagFilterChange?: (tagId: string | null) => void;
  /** How many contacts the current search matches (multi-select offers to select them all). */
  matchingCount?: number | null;
  allMatchingSelected?: boolean;
  onSelectAllMatching?: (on: boolean) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  multiSelect: boolean;
  onMultiSelectChange: (on: boolean) => void;
  checkedIds: ReadonlySet<string>;
  onToggleChecked: (id: string) => void;
  /** "now" for the list times (tests pin it). */
  now?: Date;
  /** The app may send Human Agent replies (24 hours to 7 days): the rows say until when. */
  humanAgent?: boolean;
  /** Shows the keyboard shortcuts help. */
  onShowShortcuts?: () => void;
  /** More actions on the current view, beside the title (e.g. 'Ask to subscribe'). */
  viewActions?: ReactNode;
  /** Mine / Unassigned / Everyone (none: no assignee filter shown). */
  assigneeFilter?: InboxAssigneeFilter;
  onAssigneeFilterChange?: (value: InboxAssigneeFilter) => void;
  /** The signed-in admin's social user id: their assignments read 'You'. */
  meId?: string;
  /** Open conversations no message can reach; with `onResolveUnreachable`, offered to resolve at once. */
  unreachableCount?: number;
  onResolveUnreachable?: () => void;
  resolvingUnreachable?: boolean;
  /** The page setting 'Resolve when a person replies' (none: not shown). */
  resolveOnReply?: boolean;
  onResolveOnReplyChange?: (on: boolean) => void;
}

const ROW_HEIGHT = 72;

const FILTERS: ReadonlyArray<[InboxFilter, string]> = [
  ['all', INBOX_TEXT.filterAll],
  ['needs_reply', INBOX_TEXT.filterNeedsReply],
  ['unread', INBOX_TEXT.filterUnread],
  ['resolved', INBOX_TEXT.filterResolved],
  ['snoozed', INBOX_TEXT.filterSnoozed],
];

const ASSIGNEE_FILTERS: ReadonlyArray<[InboxAssigneeFilter, string]> = [
  ['all', INBOX_TEXT.assigneeAll],
  ['mine', INBOX_TEXT.assigneeMine],
  ['unassigned', INBOX_TEXT.assigneeUnassigned],
];

/** Left column: header, Load More, search, multi-select toggle and the virtualized conversation list. */
export function ConversationList(props: ConversationListProps) {
  const { recipients, search, multiSelect, checkedIds, selectedId, serverSearch } = props;
  const filtered = useMemo(
    () => (serverSearch ? recipients : recipients.filter((r) => matchesName(r.name, search))),
    [recipients, search, serverSearch],
  );

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="grid gap-3 border-b border-border p-4">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-xl font-semibold tracking-tight">{INBOX_TEXT.title}</h1>
          {props.onShowShortcuts ? (
            <Button
              variant="ghost"
              size="icon"
              className="ml-auto size-8 text-muted-foreground"
              aria-label={INBOX_TEXT.shortcuts}
              aria-keyshortcuts="?"
              title={`${INBOX_TEXT.shortcuts} (?)`}
              onClick={props.onShowShortcuts}
            >
              <Keyboard aria-hidden="true" />
            </Button>
          ) : null}
          {props.viewActions}
          <Button
            variant="outline"
            size="sm"
            onClick={props.onLoadMore}
            disabled={props.loading || props.loadingMore || !props.hasMore}
            loading={props.loadingMore}
          >
            {INBOX_TEXT.loadMore}
          </Button>
        </div>
        <SearchInput
          aria-label="Search conversations"
          placeholder={INBOX_TEXT.searchPlaceholder}
          value={search}
          onChange={(e) => props.onSearchChange(e.target.value)}
        />
        {props.onFilterChange ? (
          <div className="flex flex-wrap items-center gap-2">
            <div
              role="radiogroup"
              aria-label={INBOX_TEXT.filters}
              className="inline-flex rounded-md border border-border p-0.5"
              // One Tab stop; the arrow keys choose, as in any radio group.
              onKeyDown={(e) => {
                const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
                if (!step) return;
                e.preventDefault();
                const at = FILTERS.findIndex(([v]) => v === (props.filter ?? 'all'));
                const next = FILTERS[(at + step + FILTERS.length) % FILTERS.length];
                if (!next) return;
                props.onFilterChange?.(next[0]);
                const buttons = e.currentTarget.querySelectorAll<HTMLButtonElement>('[role=radio]');
                buttons[FILTERS.indexOf(next)]?.focus();
              }}
            >
              {FILTERS.map(([value, label]) => {
                const on = (props.filter ?? 'all') === value;
                return (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    tabIndex={on ? 0 : -1}
                    onClick={() => props.onFilterChange?.(value)}
                    className={cn(
                      'rounded px-2.5 py-1 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
                      on
                        ? 'bg-primary text-primary-foreground'
                        : 'text-muted-foreground hover:bg-accent',
                    )}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
            {props.tagOptions && props.tagOptions.length > 0 && props.onTagFilterChange ? (
              <select
                aria-label={INBOX_TEXT.tagFilter}
                value={props.tagFilter ?? ''}
                onChange={(e) => props.onTagFilterChange?.(e.target.value || null)}
                className="h-8 max-w-40 rounded-md border border-input bg-background px-2 text-xs"
              >
                <option value="">{INBOX_TEXT.allTags}</option>
                {props.tagOptions.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            ) : null}
            {props.onAssigneeFilterChange ? (
              <select
                aria-label={INBOX_TEXT.assigneeFilter}
                value={props.assigneeFilter ?? 'all'}
                onChange={(e) =>
                  props.onAssigneeFilterChange?.(e.target.value as InboxAssigneeFilter)
                }
                className="h-8 rounded-md border border-input bg-background px-2 text-xs"
              >
                {ASSIGNEE_FILTERS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            ) : null}
            {props.onResolveUnreachable && props.unreachableCount ? (
              <Button
                variant="outline"
                size="sm"
                className="h-8 text-xs"
                title={INBOX_TEXT.unreachableHint}
                loading={props.resolvingUnreachable}
                onClick={props.onResolveUnreachable}
              >
                {INBOX_TEXT.resolveUnreachable(props.unreachableCount)}
              </Button>
            ) : null}
            {props.searching ? (
              <span role="status" className="text-xs text-muted-foreground">
                {INBOX_TEXT.searching}
              </span>
            ) : null}
          </div>
        ) : null}
        <label className="flex cursor-pointer items-center gap-2 text-sm text-muted-foreground">
          <Switch
            checked={multiSelect}
            onCheckedChange={props.onMultiSelectChange}
            aria-label={INBOX_TEXT.multiSelect}
          />
          <span>{INBOX_TEXT.multiSelect}</span>
          {multiSelect && !props.allMatchingSelected && checkedIds.size > 0 ? (
            <span className="ml-auto text-xs tabular-nums">{checkedIds.size} selected</span>
          ) : null}
        </label>
        {props.onResolveOnReplyChange ? (
          <label className="flex cursor-pointer items-center gap-2 text-sm text-muted-foreground">
            <Switch
              checked={props.resolveOnReply ?? false}
              onCheckedChange={props.onResolveOnReplyChange}
              aria-label={INBOX_TEXT.resolveOnReply}
            />
            <span>{INBOX_TEXT.resolveOnReply}</span>
          </label>
        ) : null}
        {/* Offered once a chat is ticked (as mail apps do), so it never sits between the switch and the
            list for a keyboard user who has not started selecting. */}
        {multiSelect &&
        props.onSelectAllMatching &&
        props.matchingCount &&
        (checkedIds.size > 0 || props.allMatchingSelected) ? (
          <div className="flex items-center gap-2 text-xs">
            {props.allMatchingSelected ? (
              <>
                <span className="font-medium tabular-nums">
                  {INBOX_TEXT.allMatchingSelected(props.matchingCount)}
                </span>
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto p-0 text-xs"
                  onClick={() => props.onSelectAllMatching?.(false)}
                >
                  {INBOX_TEXT.clearSelection}
                </Button>
              </>
            ) : (
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0 text-xs"
                onClick={() => props.onSelectAllMatching?.(true)}
              >
                {INBOX_TEXT.selectAllMatching(props.matchingCount)}
              </Button>
            )}
          </div>
        ) : null}
      </div>

      {props.loading ? (
        // Row-shaped placeholders: the list fills in where they were, without a jump. One pulse for them
        // all (not a Skeleton each): one animation to run and to stop when the rows replace them.
        <div role="status" className="min-h-0 flex-1 overflow-hidden px-2">
          <span className="sr-only">Loading conversations</span>
          <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="my-1 flex h-16 items-center gap-3 px-3">
                <div className="size-10 shrink-0 rounded-full bg-muted" />
                <div className="grid flex-1 gap-2">
                  <div className="h-4 w-2/5 rounded-md bg-muted" />
                  <div className="h-3 w-4/5 rounded-md bg-muted" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ) : props.error ? (
        <p role="alert" className="p-6 text-center text-sm text-destructive">
          {props.error}
        </p>
      ) : filtered.length === 0 ? (
        <EmptyList
          searched={search.trim() !== ''}
          filter={props.filter ?? 'all'}
          tagFiltered={!!props.tagFilter}
        />
      ) : (
        <ConversationRows
          recipients={filtered}
          showEnd={!props.hasMore}
          selectedId={selectedId}
          multiSelect={multiSelect}
          checkedIds={checkedIds}
          allChecked={multiSelect && !!props.allMatchingSelected}
          now={props.now}
          humanAgent={props.humanAgent}
          meId={props.meId}
          onSelect={props.onSelect}
          onToggleChecked={props.onToggleChecked}
        />
      )}
    </div>
  );
}

/**
 * An empty list says why: the spec's 'No conversations found.' with its search hint after a search;
 * otherwise what the filter found nothing of (a filter with nothing searched is not a failed search).
 */
function EmptyList({
  searched,
  filter,
  tagFiltered,
}: {
  searched: boolean;
  filter: InboxFilter;
  tagFiltered: boolean;
}) {
  const [title, hint] = searched
    ? [INBOX_TEXT.noConversations, INBOX_TEXT.noConversationsHint]
    : filter === 'needs_reply'
      ? [INBOX_TEXT.nothingNeedsReply, INBOX_TEXT.emptyFilterHint]
      : filter === 'unread'
        ? [INBOX_TEXT.nothingUnread, INBOX_TEXT.emptyFilterHint]
        : filter === 'resolved'
          ? [INBOX_TEXT.nothingResolved, INBOX_TEXT.emptyFilterHint]
          : filter === 'snoozed'
            ? [INBOX_TEXT.nothingSnoozed, INBOX_TEXT.emptyFilterHint]
            : tagFiltered
              ? [INBOX_TEXT.noneWithTag, INBOX_TEXT.emptyFilterHint]
              : [INBOX_TEXT.noConversations, null];
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 p-6 text-center">
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

interface ConversationRowsProps {
  recipients: Recipient[];
  /** The list is complete: a last row says so. */
  showEnd: boolean;
  selectedId: string | null;
  multiSelect: boolean;
  checkedIds: ReadonlySet<string>;
  /** Every matching contact is selected ('Select all N matching'). */
  allChecked: boolean;
  now?: Date;
  humanAgent?: boolean;
  meId?: string | undefined;
  onSelect: (id: string) => void;
  onToggleChecked: (id: string) => void;
}

/** The scrolling part, apart from the header: the virtualizer re-renders its component on every scroll
 *  event (synchronously), so only this part and the rows coming into view render then. */
function ConversationRows({
  recipients,
  showEnd,
  selectedId,
  multiSelect,
  checkedIds,
  allChecked,
  now,
  humanAgent,
  meId,
  onSelect,
  onToggleChecked,
}: ConversationRowsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // One extra row at the end for 'No more conversations found.' (or nothing while more can be loaded).
  const virtualizer = useVirtualizer({
    count: recipients.length + (showEnd ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Measured after the browser's own layout, not inside React's commit (./virtual-list).
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterLayout,
  });

  const virtualItems = virtualizer.getVirtualItems();
  // Roving tabindex: the list is one Tab stop (the open conversation, else the first row shown); arrows and
  // j/k move inside it (the inbox shortcuts).
  const rendered = virtualItems
    .map((item) => recipients[item.index]?.id)
    .filter((id): id is string => Boolean(id));
  const tabStopId =
    selectedId && rendered.includes(selectedId) ? selectedId : (rendered[0] ?? null);

  return (
    <div
      ref={scrollRef}
      data-testid="conversation-scroller"
      className="min-h-0 flex-1 overflow-y-auto"
      // Its size comes from the column, never from the rows: containment keeps each scroll's row changes
      // from invalidating style, layout and paint outside the list.
      style={{ contain: 'strict' }}
    >
      <ul
        aria-label="Conversations"
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualItems.map((item) => {
          const r = recipients[item.index];
          const style = { transform: `translateY(${item.start}px)`, height: item.size };
          if (!r)
            return (
              <li
                key="end"
                style={style}
                className="absolute top-0 left-0 flex w-full items-center justify-center text-sm text-muted-foreground"
              >
                {INBOX_TEXT.noMoreConversations}
              </li>
            );
          return (
            <ConversationRow
              key={r.id}
              recipient={r}
              start={item.start}
              size={item.size}
              checked={allChecked || checkedIds.has(r.id)}
              active={!multiSelect && r.id === selectedId}
              multiSelect={multiSelect}
              tabStop={r.id === tabStopId}
              now={now}
              humanAgent={humanAgent}
              meId={meId}
              onSelect={onSelect}
              onToggleChecked={onToggleChecked}
            />
          );
        })}
      </ul>
    </div>
  );
}

interface ConversationRowProps {
  recipient: Recipient;
  /** Position and height from the virtualizer (fixed per index, so scrolling does not change them). */
  start: number;
  size: number;
  checked: boolean;
  active: boolean;
  multiSelect: boolean;
  tabStop: boolean;
  now?: Date;
  humanAgent?: boolean;
  meId?: string | undefined;
  onSelect: (id: string) => void;
  onToggleChecked: (id: string) => void;
}

/** One conversation. Memoized: each scroll event re-renders the list (the virtualizer), and only the rows
 *  that come into view should render then, not every visible row with its avatar and formatted time. */
const ConversationRow = memo(function ConversationRow({
  recipient: r,
  start,
  size,
  checked,
  active,
  multiSelect,
  tabStop,
  now,
  humanAgent = false,
  meId,
  onSelect,
  onToggleChecked,
}: ConversationRowProps) {
  const at = (now ?? new Date()).getTime();
  const reply = replyWindow(r.lastInboundAt, at, { humanAgent });
  // Open, every window closed and no marketing subscription: no message can reach them (a row label).
  const unreachable = r.status === 'open' && reply.kind === 'closed' && !r.marketingSubscriber;
  const status =
    r.status === 'resolved'
      ? INBOX_TEXT.resolved
      : r.status === 'snoozed'
        ? r.snoozedUntil
          ? INBOX_TEXT.snoozedUntil(formatListTime(r.snoozedUntil, now))
          : INBOX_TEXT.snoozedUntilReply
        : unreachable
          ? INBOX_TEXT.unreachable
          : null;
  return (
    <li
      style={{ transform: `translateY(${start}px)`, height: size }}
      className="absolute top-0 left-0 w-full px-2 py-1"
    >
      <div
        // In multi-select mode the row itself is the checkbox (no control nested in a control).
        role={multiSelect ? 'checkbox' : 'button'}
        tabIndex={tabStop ? 0 : -1}
        aria-current={active ? 'true' : undefined}
        aria-checked={multiSelect ? checked : undefined}
        aria-label={multiSelect ? `Select ${r.name || 'conversation'}` : undefined}
        data-testid="conversation-row"
        onClick={() => (multiSelect ? onToggleChecked(r.id) : onSelect(r.id))}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          if (multiSelect) onToggleChecked(r.id);
          else onSelect(r.id);
        }}
        className={cn(
          'flex h-full cursor-pointer items-center gap-3 rounded-lg px-3 transition-colors',
          'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
          (active || checked) && 'bg-accent',
        )}
      >
        {multiSelect ? (
          <span
            aria-hidden="true"
            className={cn(
              'flex size-4 shrink-0 items-center justify-center rounded border border-input',
              checked && 'border-primary bg-primary text-primary-foreground',
            )}
          >
            {checked ? <Check className="size-3" strokeWidth={3} /> : null}
          </span>
        ) : null}
        {/* Messenger has no presence: the dot says a standard reply is possible (the 24-hour window), and the
            row says it in words below. Decorative for screen readers: the name follows, the state is written. */}
        <span aria-hidden="true" className="shrink-0">
          <Avatar src={r.profilePic} name={r.name} online={r.windowOpen ? true : undefined} />
        </span>
        {/* One column that never grows with its content: a long preview is cut with an ellipsis, and the time
            and badges keep their place at every width. */}
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)]">
          <div className="flex min-w-0 items-baseline justify-between gap-2">
            {/* <bdi>: a name or message with bidi overrides (U+202E...) cannot flip the text around it. */}
            <bdi
              className={cn(
                'min-w-0 truncate leading-5',
                r.unreadCount > 0 ? 'font-semibold' : 'font-medium',
              )}
            >
              {r.match?.field === 'name' && r.match.text === r.name ? (
                <Highlighted match={r.match} />
              ) : (
                r.name || 'Unknown contact'
              )}
            </bdi>
            <time
              dateTime={r.lastMessageAt ?? undefined}
              className="shrink-0 text-xs text-muted-foreground tabular-nums"
            >
              {formatListTime(r.lastMessageAt, now)}
            </time>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <bdi
              className={cn(
                'min-w-0 flex-1 truncate text-sm',
                r.unreadCount > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {r.match && r.match.field !== 'name' ? (
                // A search's matching line (a stored message or the preview) stands in for the preview.
                <Highlighted match={r.match} />
              ) : (
                <>
                  {r.lastMessageAt && !r.needsReply && r.status === 'open' && r.lastMessagePreview
                    ? INBOX_TEXT.you_prefix
                    : ''}
                  {r.lastMessagePreview ?? ''}
                </>
              )}
            </bdi>
            {r.needsReply && r.unreadCount === 0 ? (
              <span className="shrink-0 rounded-full border border-warning/50 bg-warning/10 px-1.5 text-[0.65rem] leading-4 font-medium">
                {INBOX_TEXT.needsReply}
              </span>
            ) : null}
            {r.unreadCount > 0 ? (
              <span
                aria-label={INBOX_TEXT.unread(r.unreadCount)}
                className="min-w-5 shrink-0 rounded-full bg-primary px-1.5 text-center text-[0.7rem] leading-5 font-semibold text-primary-foreground tabular-nums"
              >
                {r.unreadCount > 99 ? '99+' : r.unreadCount}
              </span>
            ) : null}
          </div>
          <div className="flex min-w-0 items-center gap-1.5 text-xs leading-4">
            <span
              data-testid="row-window"
              className={cn(
                'min-w-0 flex-1 truncate',
                reply.kind === 'closed' ? 'text-muted-foreground' : 'text-foreground/80',
              )}
            >
              {replyWindowRowLabel(reply, at)}
            </span>
            {status ? (
              <span
                data-testid="row-status"
                className="max-w-[45%] shrink-0 truncate rounded-full border border-border px-1.5 text-[0.65rem] text-muted-foreground"
              >
                {status}
              </span>
            ) : null}
            {r.assignee ? (
              <span
                data-testid="row-assignee"
                title={INBOX_TEXT.assignTo(r.assignee.name)}
                className="max-w-[30%] shrink-0 truncate rounded-full bg-muted px-1.5 text-[0.65rem] font-medium text-muted-foreground"
              >
                <span className="sr-only">{INBOX_TEXT.assignTo('')}</span>
                {r.assignee.userId === meId ? INBOX_TEXT.assignedToYou : r.assignee.name}
              </span>
            ) : null}
          </div>
        </div>
      </div>
    </li>
  );
});

/** A search's matching text with its hits marked (ranges as the API gives them, in order, apart). */
function Highlighted({ match }: { match: NonNullable<Recipient['match']> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, end } of match.ranges) {
    if (start < at || end > match.text.length || end <= start) continue;
    if (start > at) parts.push(match.text.slice(at, start));
    parts.push(
      <mark
        key={start}
        data-testid="search-hit"
        className="rounded-[2px] bg-warning/40 text-foreground dark:bg-warning/30"
      >
        {match.text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < match.text.length) parts.push(match.text.slice(at));
  return <>{parts}</>;
}
