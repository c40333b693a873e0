import { useVirtualizer } from '@tanstack/react-virtual';
import { formatListTime, matchesName, type Recipient } from '@pagecast/contract';
import { Search } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { Avatar } from '../../primitives/avatar';
import { Button } from '../../primitives/button';
import { Checkbox } from '../../primitives/checkbox';
import { cn } from '../../primitives/cn';
import { Input } from '../../primitives/input';
import { Spinner } from '../../primitives/spinner';
import { Switch } from '../../primitives/switch';
import { INBOX_TEXT } from './text';

export interface ConversationListProps {
  recipients: Recipient[];
  loading: boolean;
  error: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
  search: string;
  onSearchChange: (value: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  multiSelect: boolean;
  onMultiSelectChange: (on: boolean) => void;
  checkedIds: ReadonlySet<string>;
  onToggleChecked: (id: string) => void;
  /** "now" for the list times (tests pin it). */
  now?: Date;
}

const ROW_HEIGHT = 72;

/** Left column: header, Load More, search, multi-select toggle and the virtualized conversation list. */
export function ConversationList(props: ConversationListProps) {
  const { recipients, search, multiSelect, checkedIds, selectedId } = props;
  const filtered = useMemo(() => recipients.filter((r) => matchesName(r.name, search)), [recipients, search]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // One extra row at the end for 'No more conversations found.' (or nothing while more can be loaded).
  const showEnd = !props.hasMore && filtered.length > 0;
  const virtualizer = useVirtualizer({
    count: filtered.length + (showEnd ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="grid gap-3 border-b border-border p-4">
        <div className="flex items-center justify-between gap-2">
          <h1 className="text-xl font-semibold tracking-tight">{INBOX_TEXT.title}</h1>
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
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search conversations"
            placeholder={INBOX_TEXT.searchPlaceholder}
            value={search}
            onChange={(e) => props.onSearchChange(e.target.value)}
            className="pl-9"
          />
        </div>
        <label className="flex cursor-pointer items-center gap-2 text-sm text-muted-foreground">
          <Switch checked={multiSelect} onCheckedChange={props.onMultiSelectChange} aria-label={INBOX_TEXT.multiSelect} />
          <span>{INBOX_TEXT.multiSelect}</span>
          {multiSelect && checkedIds.size > 0 ? (
            <span className="ml-auto text-xs tabular-nums">{checkedIds.size} selected</span>
          ) : null}
        </label>
      </div>

      {props.loading ? (
        <div className="flex flex-1 items-center justify-center p-6">
          <Spinner label="Loading conversations" />
        </div>
      ) : props.error ? (
        <p role="alert" className="p-6 text-center text-sm text-destructive">
          {props.error}
        </p>
      ) : filtered.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-1 p-6 text-center">
          <p className="font-medium">{INBOX_TEXT.noConversations}</p>
          <p className="text-sm text-muted-foreground">{INBOX_TEXT.noConversationsHint}</p>
        </div>
      ) : (
        <div ref={scrollRef} data-testid="conversation-scroller" className="min-h-0 flex-1 overflow-y-auto">
          <ul
            aria-label="Conversations"
            className="relative w-full"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const r = filtered[item.index];
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
              const checked = checkedIds.has(r.id);
              const active = !multiSelect && r.id === selectedId;
              return (
                <li key={r.id} style={style} className="absolute top-0 left-0 w-full px-2 py-1">
                  <div
                    role="button"
                    tabIndex={0}
                    aria-current={active ? 'true' : undefined}
                    aria-pressed={multiSelect ? checked : undefined}
                    data-testid="conversation-row"
                    onClick={() => (multiSelect ? props.onToggleChecked(r.id) : props.onSelect(r.id))}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter' && e.key !== ' ') return;
                      e.preventDefault();
                      if (multiSelect) props.onToggleChecked(r.id);
                      else props.onSelect(r.id);
                    }}
                    className={cn(
                      'flex h-full cursor-pointer items-center gap-3 rounded-lg px-3 transition-colors',
                      'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
                      (active || checked) && 'bg-accent',
                    )}
                  >
                    {multiSelect ? (
                      <Checkbox
                        checked={checked}
                        aria-label={`Select ${r.name || 'conversation'}`}
                        onClick={(e) => e.stopPropagation()}
                        onChange={() => props.onToggleChecked(r.id)}
                      />
                    ) : null}
                    <Avatar src={r.profilePic} name={r.name} online={r.online} />
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <div className="flex items-baseline justify-between gap-2">
                        <span className="truncate font-medium">{r.name || 'Unknown contact'}</span>
                        <time
                          dateTime={r.lastMessageAt ?? undefined}
                          className="shrink-0 text-xs text-muted-foreground tabular-nums"
                        >
                          {formatListTime(r.lastMessageAt, props.now)}
                        </time>
                      </div>
                      <span className="truncate text-sm text-muted-foreground">{r.lastMessagePreview ?? ''}</span>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
