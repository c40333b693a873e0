// The inbox list's scrolling part: the virtualised rows of conversations. Each row is memoised apart
// (ConversationRow) so a live event or a scroll re-renders one row, not the list.
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatListTime, replyWindow, type Recipient } from '@pagecast/contract';
import { Check } from 'lucide-react';
import { memo, useRef, type ReactNode } from 'react';
import { Avatar } from '../../primitives/avatar';
import { cn } from '../../primitives/cn';
import { replyWindowRowLabel } from './reply-window';
import { INBOX_TEXT } from './text';
import { observeRectAfterLayout, scrollAfterLayout } from './virtual-list';

const ROW_HEIGHT = 72;

export interface ConversationRowsProps {
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
export function ConversationRows({
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
