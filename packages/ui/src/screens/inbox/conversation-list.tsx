// The inbox's left column: search, filters, bulk selection and the virtualised list of conversations
// (its rows in conversation-rows.tsx).
import {
  matchesName,
  type InboxAssigneeFilter,
  type InboxFilter,
  type Recipient,
} from '@pagecast/contract';
import { Keyboard } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { SearchInput } from '../../primitives/input';
import { Switch } from '../../primitives/switch';
import { INBOX_TEXT } from './text';
import { ConversationRows } from './conversation-rows';

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
