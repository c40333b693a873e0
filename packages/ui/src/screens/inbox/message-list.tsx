import { useVirtualizer } from '@tanstack/react-virtual';
import { toDisplayMessage, type MessageReceived } from '@pagecast/contract';
import { ArrowDown, CircleAlert } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { Spinner } from '../../primitives/spinner';
import { MessageAttachments } from './attachments';
import { NoteCard, type InboxNote } from './note-card';
import { INBOX_TEXT } from './text';
import { observeRectAfterLayout, scrollAfterLayout } from './virtual-list';

/** A message of the open chat, oldest first. `state` marks an optimistic message not confirmed yet. */
export interface InboxMessage {
  id: string;
  message: string;
  createdAt: string;
  sentBy: string;
  state?: 'sending' | 'failed';
  status?: MessageReceived['status'];
  attachments?: MessageReceived['attachments'];
  reaction?: string | null;
  campaign?: MessageReceived['campaign'];
  /** A private note of the page's admins shown in the timeline (not a message: never sent). */
  note?: InboxNote;
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
  /** The author's own notes: edit (resolves true once saved) and delete. */
  onEditNote?: (id: string, body: string) => Promise<boolean> | boolean;
  onDeleteNote?: (id: string) => void;
  noteMaxLength?: number;
}

/** Spec §9: the scroll-to-bottom button shows beyond 20 px from the bottom. */
export const SCROLL_BOTTOM_THRESHOLD_PX = 20;

/** Virtualized message area: auto-scrolls on new content until the user scrolls away by wheel or touch. */
export function MessageList(props: MessageListProps) {
  const { messages, recipientId } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [autoScroll, setAutoScroll] = useState(true);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const display = useMemo(() => {
    // 'Seen' goes under the newest page message the contact has read (Messenger's marker).
    let seenId: string | undefined;
    for (let i = messages.length - 1; i >= 0 && !seenId; i--) {
      const m = messages[i];
      if (m && m.sentBy !== recipientId && m.status === 'read') seenId = m.id;
    }
    return messages.map((m, i) => ({
      ...toDisplayMessage(m, recipientId, props.locale),
      state: m.state,
      attachments: m.attachments ?? [],
      reaction: m.reaction ?? null,
      campaign: m.campaign ?? null,
      seen: m.id === seenId,
      // A one-to-one chat names the sender once per run of messages, not on every bubble.
      firstOfRun: i === 0 || messages[i - 1]?.sentBy !== m.sentBy,
      // A sticker alone shows bare, as Messenger shows it (no bubble around it).
      bare:
        !m.message &&
        (m.attachments?.length ?? 0) > 0 &&
        (m.attachments ?? []).every((a) => a.type === 'sticker'),
    }));
  }, [messages, recipientId, props.locale]);
  const virtualizer = useVirtualizer({
    count: display.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 76,
    overscan: 10,
    getItemKey: (i) => display[i]?.id ?? i,
    // Measured after the browser's own layout, not inside React's commit (./virtual-list).
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterLayout,
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

  // A list laid out while hidden (the phone layout shows the chat only after a tap) had no height to scroll
  // in: once it gets one, go to the newest message.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let height = el.clientHeight;
    const observer = new ResizeObserver(() => {
      const was = height;
      height = el.clientHeight;
      if (was === 0 && height > 0 && autoScroll) scrollToBottom();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [autoScroll, scrollToBottom]);

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
        // Reachable by keyboard (arrows and Page keys scroll it), named for screen readers.
        tabIndex={0}
        role="region"
        aria-label={INBOX_TEXT.messagesRegion(props.recipientName)}
        onScroll={onScroll}
        onWheel={onUserScroll}
        onTouchMove={onUserScroll}
        className="h-full overflow-y-auto px-4 py-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden focus-visible:ring-inset"
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
            const note = messages[item.index]?.note;
            // What the virtualizer needs on a row to measure and place it.
            const placed = {
              'data-index': item.index,
              ref: virtualizer.measureElement,
              style: { transform: `translateY(${item.start}px)` },
            };
            if (note)
              return (
                <li key={item.key} {...placed} className="absolute top-0 left-0 w-full py-1.5">
                  <NoteCard
                    note={note}
                    maxLength={props.noteMaxLength ?? 2000}
                    locale={props.locale}
                    onEdit={props.onEditNote}
                    onDelete={props.onDeleteNote}
                  />
                </li>
              );
            const own = !m.isCurrentUser;
            return (
              <li key={item.key} {...placed} className="absolute top-0 left-0 w-full py-1">
                <div
                  className={cn(
                    'flex flex-col',
                    own ? 'items-end' : 'items-start',
                    m.reaction && 'pb-3',
                  )}
                >
                  <div
                    data-testid="message-bubble"
                    data-variant={own ? 'sent' : 'received'}
                    className={cn(
                      'relative max-w-[60%] rounded-2xl px-3.5 py-2 text-sm',
                      m.bare
                        ? 'px-0 text-foreground'
                        : own
                          ? 'rounded-br-sm bg-primary text-primary-foreground shadow-xs'
                          : 'rounded-bl-sm bg-muted text-foreground shadow-xs',
                      m.state === 'failed' &&
                        'bg-destructive/10 text-foreground ring-1 ring-destructive/40',
                    )}
                  >
                    {m.firstOfRun ? (
                      <p className="mb-0.5 text-xs font-medium opacity-80">
                        {own ? m.sender : props.recipientName}
                      </p>
                    ) : null}
                    {m.campaign ? (
                      <p className="mb-1 text-[0.7rem] font-medium opacity-80">
                        {INBOX_TEXT.fromCampaign(m.campaign.name)}
                      </p>
                    ) : null}
                    <MessageAttachments attachments={m.attachments} own={own} />
                    {m.text ? (
                      <p
                        dir="auto"
                        className={cn(
                          'break-words whitespace-pre-wrap',
                          m.attachments.length > 0 && 'mt-1.5',
                        )}
                      >
                        <bdi>{m.text}</bdi>
                      </p>
                    ) : null}
                    <div className="mt-1 flex items-center justify-end gap-1.5 text-[0.7rem] opacity-75">
                      {m.state === 'sending' ? <Spinner size="sm" label="Sending" /> : null}
                      <time dateTime={m.createdAt}>{m.timestamp}</time>
                    </div>
                    {m.reaction ? (
                      <span
                        role="img"
                        aria-label={INBOX_TEXT.reactedWith(m.reaction)}
                        className={cn(
                          'absolute -bottom-3 rounded-full border border-border bg-background px-1.5 text-sm leading-5 text-foreground shadow-xs',
                          own ? 'left-2' : 'right-2',
                        )}
                      >
                        {m.reaction}
                      </span>
                    ) : null}
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
                  {m.seen ? (
                    <p className="mt-0.5 px-1 text-[0.7rem] text-muted-foreground">
                      {INBOX_TEXT.seen}
                    </p>
                  ) : null}
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
