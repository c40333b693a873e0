import { useVirtualizer } from '@tanstack/react-virtual';
import { toDisplayMessage } from '@pagecast/contract';
import { ArrowDown, CircleAlert } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { Spinner } from '../../primitives/spinner';
import { INBOX_TEXT } from './text';

/** A message of the open chat, oldest first. `state` marks an optimistic message not confirmed yet. */
export interface InboxMessage {
  id: string;
  message: string;
  createdAt: string;
  sentBy: string;
  state?: 'sending' | 'failed';
}

export interface MessageListProps {
  messages: InboxMessage[];
  recipientId: string;
  recipientName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (id: string) => void;
  locale?: string;
}

/** Spec §9: the scroll-to-bottom button shows beyond 20 px from the bottom. */
export const SCROLL_BOTTOM_THRESHOLD_PX = 20;

/** Virtualized message area: auto-scrolls on new content until the user scrolls away by wheel or touch. */
export function MessageList(props: MessageListProps) {
  const { messages, recipientId } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [autoScroll, setAutoScroll] = useState(true);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const display = useMemo(
    () =>
      messages.map((m) => ({ ...toDisplayMessage(m, recipientId, props.locale), state: m.state })),
    [messages, recipientId, props.locale],
  );
  const virtualizer = useVirtualizer({
    count: display.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 76,
    overscan: 10,
    getItemKey: (i) => display[i]?.id ?? i,
  });

  const scrollToBottom = useCallback(() => {
    if (display.length > 0) virtualizer.scrollToIndex(display.length - 1, { align: 'end' });
  }, [display.length, virtualizer]);

  // New content (or another chat): follow it while auto-scroll is on. Keyed by the newest message only, so
  // older pages prepended at the top do not yank the view down.
  const newestId = display.at(-1)?.id;
  useLayoutEffect(() => {
    if (autoScroll) scrollToBottom();
  }, [newestId, autoScroll, scrollToBottom]);

  // Opening another conversation turns auto-scroll back on.
  useEffect(() => {
    setAutoScroll(true);
  }, [recipientId]);

  const distanceFromBottom = () => {
    const el = scrollRef.current;
    return el ? el.scrollHeight - el.scrollTop - el.clientHeight : 0;
  };
  const onScroll = () => {
    const away = distanceFromBottom() > SCROLL_BOTTOM_THRESHOLD_PX;
    setAwayFromBottom(away);
    if (!away) setAutoScroll(true);
  };
  // Only a user gesture turns auto-scroll off (programmatic scrolls also fire 'scroll').
  const onUserScroll = () => {
    requestAnimationFrame(() => {
      if (distanceFromBottom() > SCROLL_BOTTOM_THRESHOLD_PX) setAutoScroll(false);
    });
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        data-testid="message-scroller"
        onScroll={onScroll}
        onWheel={onUserScroll}
        onTouchMove={onUserScroll}
        className="h-full overflow-y-auto px-4 py-3"
      >
        {props.hasOlder ? (
          <div className="flex justify-center pb-3">
            <Button
              variant="ghost"
              size="sm"
              onClick={props.onLoadOlder}
              loading={props.loadingOlder}
            >
              {INBOX_TEXT.loadEarlier}
            </Button>
          </div>
        ) : null}
        <ol
          aria-label="Messages"
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const m = display[item.index];
            if (!m) return null;
            const own = !m.isCurrentUser;
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full py-1"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div className={cn('flex', own ? 'justify-end' : 'justify-start')}>
                  <div
                    data-testid="message-bubble"
                    data-variant={own ? 'sent' : 'received'}
                    className={cn(
                      'max-w-[60%] rounded-2xl px-3.5 py-2 text-sm shadow-xs',
                      own
                        ? 'rounded-br-sm bg-primary text-primary-foreground'
                        : 'rounded-bl-sm bg-muted text-foreground',
                      m.state === 'failed' &&
                        'bg-destructive/10 text-foreground ring-1 ring-destructive/40',
                    )}
                  >
                    <p className="mb-0.5 text-xs font-medium opacity-80">
                      {own ? m.sender : props.recipientName}
                    </p>
                    <p dir="auto" className="break-words whitespace-pre-wrap">
                      <bdi>{m.text}</bdi>
                    </p>
                    <div className="mt-1 flex items-center justify-end gap-1.5 text-[0.7rem] opacity-75">
                      {m.state === 'sending' ? <Spinner size="sm" label="Sending" /> : null}
                      <time dateTime={m.createdAt}>{m.timestamp}</time>
                    </div>
                    {m.state === 'failed' ? (
                      <div className="mt-1 flex items-center justify-end gap-2 text-xs text-destructive">
                        <CircleAlert aria-hidden="true" className="size-3.5" />
                        <span>{INBOX_TEXT.sendFailed}</span>
                        <Button
                          variant="outline"
                          size="sm"
                          className="h-6 px-2 text-xs"
                          onClick={() => props.onRetry(m.id)}
                        >
                          {INBOX_TEXT.retry}
                        </Button>
                      </div>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </div>
      {awayFromBottom ? (
        <Button
          variant="secondary"
          size="icon"
          aria-label="Scroll to bottom"
          className="absolute right-4 bottom-4 size-9 rounded-full shadow-md"
          onClick={() => {
            setAutoScroll(true);
            scrollToBottom();
          }}
        >
          <ArrowDown />
        </Button>
      ) : null}
    </div>
  );
}
