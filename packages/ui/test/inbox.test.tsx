import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatBubbleTime,
  setDisplayTimeZone,
  type ContactSubscription,
  type Recipient,
} from '@pagecast/contract';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  INBOX_TEXT,
  InboxScreen,
  snoozeTimes,
  type InboxMessage,
  type InboxScreenProps,
} from '../src/screens/inbox';

// jsdom lays nothing out: give the scrollers a size (clientHeight) and rows a height (offsetHeight) so the
// virtualizers render their items.
const isScroller = (el: HTMLElement) =>
  ['conversation-scroller', 'message-scroller'].includes(el.getAttribute('data-testid') ?? '');
const stubs = {
  clientHeight: (el: HTMLElement) => (isScroller(el) ? 2000 : 0),
  clientWidth: () => 500,
  offsetHeight: () => 72,
  offsetWidth: () => 500,
} as const;
const originals = new Map<string, PropertyDescriptor | undefined>();
beforeAll(() => {
  for (const [key, fn] of Object.entries(stubs)) {
    originals.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        return fn(this);
      },
    });
  }
});
afterAll(() => {
  for (const [key, d] of originals) if (d) Object.defineProperty(HTMLElement.prototype, key, d);
});

const NOW = new Date(2025, 5, 15, 14, 30);
const at = (d: number, h: number, m = 0) => new Date(2025, 5, d, h, m).toISOString();
const PAGE = '500000000000001';

const recipient = (n: number, overrides: Partial<Recipient> = {}): Recipient => ({
  id: String(1000 + n),
  name: `Person ${n}`,
  email: null,
  profilePic: null,
  online: false,
  lastMessageAt: at(15, 9, 5),
  lastMessagePreview: `Preview ${n}`,
  windowOpen: true,
  lastInboundAt: new Date(Date.now() - 10 * 3_600_000).toISOString(),
  unreadCount: 0,
  // The preview is the contact's own message: they wrote last.
  needsReply: true,
  status: 'open',
  snoozedUntil: null,
  assignee: null,
  marketingSubscriber: false,
  ...overrides,
});

function props(overrides: Partial<InboxScreenProps> = {}): InboxScreenProps {
  return {
    recipients: [recipient(1), recipient(2)],
    recipientsLoading: false,
    recipientsError: null,
    hasMore: true,
    loadingMore: false,
    onLoadMore: vi.fn(),
    selectedId: null,
    onSelect: vi.fn(),
    messages: [],
    messagesLoading: false,
    messagesError: null,
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: vi.fn(),
    onSend: vi.fn(() => Promise.resolve(true)),
    onRetry: vi.fn(),
    tags: [],
    tagsLoading: false,
    tagsError: false,
    chatTags: [],
    tagUpdating: false,
    onToggleTag: vi.fn(),
    multiSelect: false,
    onMultiSelectChange: vi.fn(),
    checkedIds: new Set(),
    onToggleChecked: vi.fn(),
    bulkRunning: false,
    bulkProgress: null,
    onBulkApply: vi.fn(),
    now: NOW,
    locale: 'en-US',
    ...overrides,
  };
}

describe('conversation list', () => {
  it('shows the header, rows with name, preview and list time, and the reply-window dot', () => {
    render(
      <InboxScreen
        {...props({
          recipients: [
            recipient(1, {
              lastMessageAt: at(15, 9, 5),
              online: true,
              lastInboundAt: at(14, 18, 5),
            }),
            recipient(2, {
              lastMessageAt: at(14, 22),
              windowOpen: false,
              lastInboundAt: at(10, 9),
            }),
            recipient(3, { lastMessageAt: at(2, 8), lastInboundAt: at(15, 9) }),
          ],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search conversations...')).toBeInTheDocument();
    const rows = screen.getAllByTestId('conversation-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText('Person 1')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Preview 1')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('09:05 AM')).toBeInTheDocument();
    // Messenger has no presence: the dot means a standard reply is possible, and no dot that it is not;
    // the row says it in words: until when today, on which day later, or closed.
    expect(within(rows[0] as HTMLElement).getByTestId('row-window')).toHaveTextContent(
      'Reply by 06:05 PM',
    );
    expect(within(rows[1] as HTMLElement).getByText('Yesterday')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByTestId('avatar-status')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByTestId('row-window')).toHaveTextContent(
      'Window closed',
    );
    expect(within(rows[2] as HTMLElement).getByText('Jun 2')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByTestId('row-window')).toHaveTextContent(
      'Reply by Mon 09:00 AM',
    );
    // No picture: the first letter of the name; decorative, so the row's name says the contact once.
    expect(
      within(rows[0] as HTMLElement).getByRole('img', { name: 'Person 1', hidden: true }),
    ).toHaveTextContent('P');
    expect(rows[0]).toHaveAccessibleName(/^Person 1 09:05 AM/);
    expect(rows[0]).not.toHaveAccessibleName(/Person 1.*Person 1/);
  });

  it('with the Human Agent feature, a row 1 to 7 days old says until when a person may reply', () => {
    render(
      <InboxScreen
        {...props({
          humanAgent: true,
          recipients: [recipient(1, { windowOpen: false, lastInboundAt: at(12, 10) })],
        })}
      />,
    );
    expect(screen.getByTestId('row-window')).toHaveTextContent('Human agent until Thu 10:00 AM');
  });

  it("marks unread counts, 'Needs reply', and 'You:' before the page's own last message", () => {
    render(
      <InboxScreen
        {...props({
          recipients: [
            recipient(1, { unreadCount: 3 }),
            recipient(2, { unreadCount: 0 }),
            recipient(3, { needsReply: false, lastMessagePreview: 'See you Monday' }),
            recipient(4, { unreadCount: 120 }),
          ],
        })}
      />,
    );
    const rows = screen.getAllByTestId('conversation-row');
    expect(within(rows[0] as HTMLElement).getByLabelText('3 unread')).toHaveTextContent('3');
    expect(within(rows[0] as HTMLElement).queryByText('Needs reply')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('Needs reply')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('You: See you Monday');
    expect(within(rows[2] as HTMLElement).queryByText('Needs reply')).toBeNull();
    expect(within(rows[3] as HTMLElement).getByLabelText('120 unread')).toHaveTextContent('99+');
  });

  it('with a server search, shows the rows it is given and reports the search, filter and tag', async () => {
    const onSearchChange = vi.fn();
    const onFilterChange = vi.fn();
    const onTagFilterChange = vi.fn();
    render(
      <InboxScreen
        {...props({
          recipients: [recipient(1, { name: 'Ada Lovelace' })],
          search: 'receipt',
          onSearchChange,
          filter: 'all',
          onFilterChange,
          tags: [{ id: 't1', name: 'VIP' }],
          tagFilter: null,
          onTagFilterChange,
          searching: true,
        })}
      />,
    );
    // 'receipt' is a word of a message, not of the name: the server's match is shown as it is.
    expect(screen.getAllByTestId('conversation-row')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await userEvent.type(screen.getByPlaceholderText('Search conversations...'), 's');
    expect(onSearchChange).toHaveBeenLastCalledWith('receipts');
    await userEvent.click(screen.getByRole('radio', { name: 'Needs reply' }));
    expect(onFilterChange).toHaveBeenCalledWith('needs_reply');
    expect(screen.getByRole('radio', { name: 'All' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.selectOptions(screen.getByLabelText('Filter by tag'), 'VIP');
    expect(onTagFilterChange).toHaveBeenCalledWith('t1');
  });

  it("a search's match: the matching line with its hits marked in place of the preview, or the name's", () => {
    render(
      <InboxScreen
        {...props({
          recipients: [
            recipient(1, {
              name: 'Ada Lovelace',
              lastMessagePreview: 'See you!',
              match: {
                field: 'message',
                text: '…is there Parking nearby?',
                ranges: [{ start: 10, end: 17 }],
              },
            }),
            recipient(2, {
              name: 'Parker Jones',
              match: { field: 'name', text: 'Parker Jones', ranges: [{ start: 0, end: 4 }] },
            }),
          ],
          search: 'park',
        })}
      />,
    );
    const [first, second] = screen.getAllByTestId('conversation-row');
    expect(first).toHaveTextContent('…is there Parking nearby?');
    expect(first).not.toHaveTextContent('See you!');
    expect(first?.querySelector('mark')).toHaveTextContent(/^Parking$/);
    expect(second?.querySelector('mark')).toHaveTextContent(/^Park$/);
  });

  it('falls back to the default avatar image without picture and name', () => {
    render(<InboxScreen {...props({ recipients: [recipient(1, { name: '' })] })} />);
    expect(screen.getByRole('img', { name: 'Default avatar', hidden: true })).toBeInTheDocument();
  });

  it('Load More: calls back; disabled while loading, while loading more and without a cursor', async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<InboxScreen {...props({ onLoadMore })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    rerender(<InboxScreen {...props({ hasMore: false })} />);
    expect(screen.getByRole('button', { name: 'Load More' })).toBeDisabled();
    expect(screen.getByText('No more conversations found.')).toBeInTheDocument();
    rerender(<InboxScreen {...props({ loadingMore: true })} />);
    expect(screen.getByRole('button', { name: /Load More/ })).toBeDisabled();
    rerender(<InboxScreen {...props({ recipientsLoading: true, recipients: [] })} />);
    expect(screen.getByRole('button', { name: 'Load More' })).toBeDisabled();
  });

  it('search is a case-insensitive substring on the name, with the empty texts', async () => {
    render(
      <InboxScreen
        {...props({
          recipients: [
            recipient(1, { name: 'Ada Lovelace' }),
            recipient(2, { name: 'Grace Hopper' }),
          ],
        })}
      />,
    );
    const search = screen.getByPlaceholderText('Search conversations...');
    await userEvent.type(search, 'LOVE');
    expect(screen.getAllByTestId('conversation-row')).toHaveLength(1);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(screen.getByText('No conversations found.')).toBeInTheDocument();
    expect(screen.getByText('Try a different search term')).toBeInTheDocument();
  });

  it('an empty filter says what it found nothing of, not that a search failed', () => {
    const onFilterChange = vi.fn();
    const cases: Array<[Partial<InboxScreenProps>, string, string | null]> = [
      [
        { filter: 'needs_reply' },
        'Nobody is waiting for a reply.',
        'Choose All to see every conversation.',
      ],
      [{ filter: 'unread' }, 'No unread conversations.', 'Choose All to see every conversation.'],
      [
        { filter: 'all', tagFilter: 't1' },
        'No conversations with this tag.',
        'Choose All to see every conversation.',
      ],
      [{ filter: 'all' }, 'No conversations found.', null],
    ];
    for (const [over, title, hint] of cases) {
      const { unmount } = render(
        <InboxScreen
          {...props({ recipients: [], onSearchChange: vi.fn(), onFilterChange, ...over })}
        />,
      );
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.queryByText('Try a different search term')).toBeNull();
      if (hint) expect(screen.getByText(hint)).toBeInTheDocument();
      unmount();
    }
  });

  it('a row click opens the chat', async () => {
    const onSelect = vi.fn();
    render(<InboxScreen {...props({ onSelect })} />);
    await userEvent.click(screen.getByText('Person 2'));
    expect(onSelect).toHaveBeenCalledWith('1002');
  });
});

describe('chat panel', () => {
  it('on a phone: the selected chat is made when opened, reported seen, and kept with its draft behind the list', async () => {
    // A phone's window, and an inbox the ResizeObserver reports one column wide.
    const innerWidth = Object.getOwnPropertyDescriptor(window, 'innerWidth');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly cb: ResizeObserverCallback) {}
        observe() {
          this.cb([{ contentRect: { width: 375 } } as ResizeObserverEntry], this);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    try {
      const visible = vi.fn();
      function Phone() {
        const [selectedId, setSelectedId] = useState<string | null>('1001');
        return (
          <InboxScreen
            {...props({ selectedId, onSelect: setSelectedId, onChatVisibleChange: visible })}
          />
        );
      }
      render(<Phone />);
      expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
      expect(visible).toHaveBeenLastCalledWith(false);

      await userEvent.click(screen.getByText('Person 1'));
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'draft');
      expect(visible).toHaveBeenLastCalledWith(true);

      await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
      expect(visible).toHaveBeenLastCalledWith(false);
      expect(screen.getByRole('textbox', { name: 'Message', hidden: true })).toHaveValue('draft');
    } finally {
      vi.unstubAllGlobals();
      if (innerWidth) Object.defineProperty(window, 'innerWidth', innerWidth);
    }
  });

  it('without a selection: No Conversation Selected', () => {
    render(<InboxScreen {...props()} />);
    expect(screen.getByText('No Conversation Selected')).toBeInTheDocument();
    expect(
      screen.getByText('Choose a conversation from the sidebar to start chatting'),
    ).toBeInTheDocument();
  });

  it('an empty chat: Start Conversation with the name, or this contact', () => {
    const { rerender } = render(<InboxScreen {...props({ selectedId: '1001' })} />);
    expect(screen.getByText('Start Conversation')).toBeInTheDocument();
    expect(screen.getByText('Send a message to start chatting with Person 1')).toBeInTheDocument();
    rerender(
      <InboxScreen {...props({ selectedId: '1001', recipients: [recipient(1, { name: '' })] })} />,
    );
    expect(
      screen.getByText('Send a message to start chatting with this contact'),
    ).toBeInTheDocument();
  });

  it("bubbles: 'You' for the page's messages, sent/received variants, bubble timestamps, oldest first", () => {
    const messages: InboxMessage[] = [
      { id: 'm1', message: 'Hi, are you open?', createdAt: at(14, 9, 1), sentBy: '1001' },
      { id: 'm2', message: 'Yes, until 6pm', createdAt: at(14, 9, 3), sentBy: PAGE },
    ];
    render(<InboxScreen {...props({ selectedId: '1001', messages })} />);
    const bubbles = screen.getAllByTestId('message-bubble');
    expect(bubbles).toHaveLength(2);
    expect(bubbles[0]).toHaveAttribute('data-variant', 'received');
    expect(bubbles[0]).toHaveTextContent('Person 1');
    expect(bubbles[0]).toHaveTextContent('Hi, are you open?');
    expect(bubbles[1]).toHaveAttribute('data-variant', 'sent');
    expect(bubbles[1]).toHaveTextContent('You');
    expect(bubbles[1]).toHaveTextContent(formatBubbleTime(at(14, 9, 3), 'en-US'));
    expect(bubbles[1]).toHaveTextContent('Jun 14, 2025');
    expect(bubbles[0]).toHaveClass('max-w-[60%]');
  });

  it('bubbles show files, stickers, reactions, the campaign, the sender once per run, and Seen', () => {
    const messages: InboxMessage[] = [
      {
        id: 'm1',
        message: '',
        createdAt: at(14, 9, 1),
        sentBy: '1001',
        attachments: [
          { type: 'image', url: 'https://cdn.example/photo.jpg', name: null },
          { type: 'file', url: 'https://cdn.example/order.pdf', name: 'order.pdf' },
        ],
      },
      {
        id: 'm2',
        message: '',
        createdAt: at(14, 9, 2),
        sentBy: '1001',
        attachments: [{ type: 'sticker', url: 'https://cdn.example/like.png', name: null }],
      },
      {
        id: 'm3',
        message: 'Spring sale: 20% off',
        createdAt: at(14, 10),
        sentBy: PAGE,
        status: 'read',
        reaction: '❤️',
        campaign: { id: '7a0f3b1e-5d3c-4c41-9a8e-1f2b3c4d5e6f', name: 'Spring sale' },
      },
      {
        id: 'm4',
        message: 'Anything else?',
        createdAt: at(14, 10, 5),
        sentBy: PAGE,
        status: 'delivered',
      },
    ];
    render(<InboxScreen {...props({ selectedId: '1001', messages })} />);
    const [files, sticker, campaign, last] = screen.getAllByTestId('message-bubble');
    expect(within(files as HTMLElement).getByRole('img', { name: 'Photo' })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(within(files as HTMLElement).getByRole('link', { name: 'order.pdf' })).toHaveAttribute(
      'href',
      'https://cdn.example/order.pdf',
    );
    // The sender's name once per run of messages.
    expect(files).toHaveTextContent('Person 1');
    expect(sticker).not.toHaveTextContent('Person 1');
    expect(
      within(sticker as HTMLElement).getByRole('img', { name: 'Sticker' }),
    ).toBeInTheDocument();
    // A picture whose URL expired says so instead of showing a broken image.
    fireEvent.error(within(sticker as HTMLElement).getByRole('img', { name: 'Sticker' }));
    expect(sticker).toHaveTextContent('Sticker no longer available on Messenger');
    expect(campaign).toHaveTextContent('Campaign: Spring sale');
    expect(
      within(campaign as HTMLElement).getByRole('img', { name: 'Reacted ❤️' }),
    ).toBeInTheDocument();
    expect(last).not.toHaveTextContent('You');
    // 'Seen' under the newest message the contact read, and only there.
    expect(screen.getAllByText('Seen')).toHaveLength(1);
    expect((campaign as HTMLElement).parentElement).toHaveTextContent('Seen');
    // The message area is one keyboard stop, named for screen readers.
    expect(screen.getByRole('region', { name: 'Messages with Person 1' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('composer: Enter sends the trimmed text and clears on success; Shift+Enter is a newline; blank cannot send', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<InboxScreen {...props({ selectedId: '1001', onSend })} />);
    const input = screen.getByPlaceholderText('Type a message...');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Hello{Shift>}{Enter}{/Shift}there');
    expect(input).toHaveValue('Hello\nthere');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Hello\nthere');
    expect(input).toHaveValue('');
  });

  it('composer: a text over 2,000 characters is kept whole and refused with how much to remove', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<InboxScreen {...props({ selectedId: '1001', onSend })} />);
    const input = screen.getByPlaceholderText('Type a message...');
    const send = screen.getByRole('button', { name: 'Send' });
    input.focus();
    await userEvent.paste('a'.repeat(1799));
    expect(screen.queryByText(/ \/ 2,000$/)).toBeNull();
    await userEvent.paste('b');
    expect(screen.getByText('1,800 / 2,000')).toBeInTheDocument();
    await userEvent.paste('c'.repeat(1020));
    expect(input).toHaveValue(`${'a'.repeat(1799)}b${'c'.repeat(1020)}`);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Messenger takes 2,000 characters at most: remove 820 to send.',
    );
    expect(send).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    // Exactly the limit goes.
    await userEvent.clear(input);
    await userEvent.paste('d'.repeat(2000));
    expect(send).toBeEnabled();
    await userEvent.type(input, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('d'.repeat(2000));
  });

  it('a failed send keeps the text in the input; the failed message shows Retry', async () => {
    const onSend = vi.fn(() => Promise.resolve(false));
    const onRetry = vi.fn();
    const messages: InboxMessage[] = [
      {
        id: 'local-1',
        message: 'Did this go?',
        createdAt: at(15, 14, 0),
        sentBy: PAGE,
        state: 'failed',
      },
      {
        id: 'local-2',
        message: 'Sending now',
        createdAt: at(15, 14, 1),
        sentBy: PAGE,
        state: 'sending',
      },
    ];
    render(<InboxScreen {...props({ selectedId: '1001', onSend, onRetry, messages })} />);
    const input = screen.getByPlaceholderText('Type a message...');
    await userEvent.type(input, 'Kept{Enter}');
    expect(onSend).toHaveBeenCalledWith('Kept');
    expect(input).toHaveValue('Kept');
    const [failed, sending] = screen.getAllByTestId('message-bubble') as [HTMLElement, HTMLElement];
    expect(within(failed).getByText('Not sent')).toBeInTheDocument();
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('local-1');
    expect(within(sending).getByRole('status')).toHaveTextContent('Sending');
  });

  it('isolates names and messages with bidi overrides (U+202E) so they cannot flip the text around them', () => {
    const spoof = 'Bob\u202Etxt.exe';
    render(
      <InboxScreen
        {...props({
          selectedId: '1001',
          recipients: [recipient(1, { name: spoof, lastMessagePreview: `hi\u202Eereh kcilc` })],
          messages: [{ id: 'm1', message: `pay\u202Eyadot`, createdAt: at(15, 9), sentBy: '1001' }],
        })}
      />,
    );
    const row = screen.getAllByTestId('conversation-row')[0] as HTMLElement;
    for (const text of [spoof, 'hi\u202Eereh kcilc']) {
      expect(within(row).getByText(text).tagName).toBe('BDI');
    }
    expect(
      screen.getByRole('heading', { name: spoof, level: 2 }).querySelector('bdi'),
    ).toHaveTextContent(spoof);
    expect(screen.getByText('pay\u202Eyadot').tagName).toBe('BDI');
  });

  it('inside the 24-hour window: how long a reply is possible, no notice', () => {
    render(<InboxScreen {...props({ selectedId: '1001' })} />);
    expect(
      screen.getByRole('heading', { name: 'Person 1', level: 2 }).nextSibling,
    ).toHaveTextContent(/^Can reply for 1[34] h$/);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByPlaceholderText('Type a message...')).toBeEnabled();
  });

  it('24 hours to 7 days with the Human Agent feature: a human agent reply, until when, sending allowed', () => {
    const lastInboundAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    render(
      <InboxScreen
        {...props({ selectedId: '1001', recipients: [recipient(1, { lastInboundAt })] })}
        humanAgent
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Person 1', level: 2 }).nextSibling,
    ).toHaveTextContent(/^Human agent reply until /);
    expect(screen.getByRole('note')).toHaveTextContent('a human agent reply');
    expect(screen.getByPlaceholderText('Type a message...')).toBeEnabled();
  });

  it('24 hours to 7 days without it (the default): closed, why, and what would allow a reply', () => {
    const lastInboundAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    render(
      <InboxScreen
        {...props({ selectedId: '1001', recipients: [recipient(1, { lastInboundAt })] })}
      />,
    );
    expect(screen.getByText('Window closed')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Their last message is more than 24 hours old, so Messenger allows no reply until they write again. Replies up to 7 days need Meta’s Human Agent approval for this app: ask whoever runs Pagecast.',
    );
    expect(screen.getByPlaceholderText('Type a message...')).toBeDisabled();
  });

  it('after 7 days (or never): window closed, the reason, sending disabled', () => {
    const lastInboundAt = new Date(NOW.getTime() - 8 * 86_400_000).toISOString();
    for (const value of [lastInboundAt, null]) {
      const { unmount } = render(
        <InboxScreen
          {...props({
            selectedId: '1001',
            recipients: [recipient(1, { windowOpen: false, lastInboundAt: value })],
          })}
        />,
      );
      // In the conversation's header and in its row.
      expect(screen.getAllByText('Window closed')).toHaveLength(2);
      expect(screen.getByRole('note')).toHaveTextContent('more than 7 days ago');
      expect(screen.getByPlaceholderText('Type a message...')).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
      unmount();
    }
  });

  it('scroll-to-bottom shows beyond 20 px from the bottom', () => {
    const messages: InboxMessage[] = Array.from({ length: 30 }, (_, i) => ({
      id: `m${i}`,
      message: `Message ${i}`,
      createdAt: at(15, 10, i),
      sentBy: i % 2 ? PAGE : '1001',
    }));
    render(<InboxScreen {...props({ selectedId: '1001', messages })} />);
    const scroller = screen.getByTestId('message-scroller');
    Object.defineProperty(scroller, 'scrollHeight', { value: 3000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 500, configurable: true });
    scroller.scrollTop = 2480; // 20 px from the bottom: no button
    fireEvent.scroll(scroller);
    expect(screen.queryByRole('button', { name: 'Scroll to bottom' })).not.toBeInTheDocument();
    scroller.scrollTop = 2479;
    fireEvent.scroll(scroller);
    expect(screen.getByRole('button', { name: 'Scroll to bottom' })).toBeInTheDocument();
  });
});

describe('tag selector', () => {
  const tags = [
    { id: 't1', name: 'VIP' },
    { id: 't2', name: 'Wholesale' },
  ];
  it('lists the tags with the assigned ones selected and toggles', async () => {
    const onToggleTag = vi.fn();
    render(
      <InboxScreen
        {...props({ selectedId: '1001', tags, chatTags: [{ id: 't1', name: 'VIP' }], onToggleTag })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tags of this chat' }));
    expect(screen.getByRole('option', { name: 'VIP' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Wholesale' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    await userEvent.click(screen.getByRole('option', { name: 'Wholesale' }));
    expect(onToggleTag).toHaveBeenCalledWith('t2', true);
    await userEvent.click(screen.getByRole('option', { name: 'VIP' }));
    expect(onToggleTag).toHaveBeenCalledWith('t1', false);
  });

  it('works from the keyboard: open, filter, arrow, Enter toggles, Esc closes back to the button', async () => {
    const onToggleTag = vi.fn();
    const many = [...tags, { id: 't3', name: 'Wedding cakes' }, { id: 't4', name: 'Walk-in' }];
    render(
      <InboxScreen
        {...props({
          selectedId: '1001',
          tags: many,
          chatTags: [{ id: 't4', name: 'Walk-in' }],
          onToggleTag,
        })}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Tags of this chat' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const box = screen.getByRole('combobox', { name: 'Filter tags' });
    expect(box).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('w');
    const listbox = screen.getByRole('listbox', { name: 'Tags' });
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Wholesale', 'Wedding cakes', 'Walk-in']);
    // The first match is active; arrows move the active option (the focus stays in the box).
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Wholesale' }).id,
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Walk-in' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(onToggleTag).toHaveBeenLastCalledWith('t4', false);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Wholesale' }).id,
    );
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onToggleTag).toHaveBeenLastCalledWith('t4', false);
    await userEvent.clear(box);
    await userEvent.keyboard('zzz');
    expect(screen.getByText('No tag matches')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it("states: 'Loading tags...', 'Error loading tags', updating (all disabled), 'No tags available', 'Loading...' names", async () => {
    const { rerender } = render(
      <InboxScreen {...props({ selectedId: '1001', tagsLoading: true })} />,
    );
    expect(screen.getByRole('button', { name: 'Tags of this chat' })).toBeDisabled();
    expect(screen.getByText('Loading tags...')).toBeInTheDocument();
    rerender(<InboxScreen {...props({ selectedId: '1001', tagsError: true })} />);
    expect(screen.getByRole('button', { name: 'Tags of this chat' })).toBeDisabled();
    expect(screen.getAllByText('Error loading tags').length).toBeGreaterThan(0);
    rerender(<InboxScreen {...props({ selectedId: '1001', tags, tagUpdating: true })} />);
    expect(screen.getByRole('button', { name: 'Tags of this chat' })).toBeDisabled();
    rerender(
      <InboxScreen {...props({ selectedId: '1001', chatTags: [{ id: 'tx', name: '' }] })} />,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tags of this chat' }));
    expect(screen.getByText('No tags available')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('multi-select and Bulk Tag Assignment', () => {
  function Harness(overrides: Partial<InboxScreenProps>) {
    const [multi, setMulti] = useState(false);
    const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
    return (
      <InboxScreen
        {...props({
          recipients: [recipient(1), recipient(2), recipient(3)],
          tags: [
            { id: 't1', name: 'VIP' },
            { id: 't2', name: 'Lead' },
          ],
          ...overrides,
        })}
        multiSelect={multi}
        onMultiSelectChange={(on) => {
          setMulti(on);
          if (!on) setChecked(new Set());
        }}
        checkedIds={checked}
        onToggleChecked={(id) =>
          setChecked((prev) => {
            const next = new Set(prev);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
          })
        }
      />
    );
  }

  it('row clicks tick in multi-select; the panel counts the chats and applies the chosen tags', async () => {
    const onSelect = vi.fn();
    const onBulkApply = vi.fn();
    render(<Harness onSelect={onSelect} onBulkApply={onBulkApply} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Multi-select' }));
    expect(screen.queryByText('Bulk Tag Assignment')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Person 1'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person 3' }));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Bulk Tag Assignment' })).toBeInTheDocument();
    expect(screen.getByText('Assign tags to 2 selected chat(s)')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Person 1'));
    expect(screen.getByText('Assign tags to 1 selected chat(s)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add VIP' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remove Lead' }));
    // Choosing 'add' for a tag chosen for removal moves it.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add Lead' }));
    expect(screen.getByRole('checkbox', { name: 'Remove Lead' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 1 chat(s)' }));
    expect(onBulkApply).toHaveBeenCalledWith(['t1', 't2'], []);
  });

  it('turning multi-select off clears the selection and hides the panel', async () => {
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Multi-select' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByText('Person 2'));
    expect(screen.getByText('Assign tags to 1 selected chat(s)')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.queryByText('Bulk Tag Assignment')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.queryByText('Bulk Tag Assignment')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Person 2' })).not.toBeChecked();
  });

  it('filters the bulk panel tags, and keeps the focus on Apply while it runs', async () => {
    const { rerender } = render(<Harness />);
    await userEvent.click(screen.getByRole('switch', { name: 'Multi-select' }));
    await userEvent.click(screen.getByText('Person 2'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter tags' }), 'lea');
    expect(
      screen.getAllByRole('checkbox', { name: /^Add / }).map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Add Lead']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add Lead' }));
    const apply = screen.getByRole('button', { name: 'Apply to 1 chat(s)' });
    apply.focus();
    rerender(<Harness bulkRunning />);
    expect(apply).not.toBeDisabled();
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    expect(apply).toHaveFocus();
  });

  it("offers 'Select all N matching' once a chat is ticked; the panel then counts them all", async () => {
    const onSelectAllMatching = vi.fn();
    const { rerender } = render(
      <Harness matchingCount={1234} onSelectAllMatching={onSelectAllMatching} />,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Multi-select' }));
    expect(screen.queryByRole('button', { name: /Select all/ })).toBeNull();
    await userEvent.click(screen.getByText('Person 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 1,234 matching' }));
    expect(onSelectAllMatching).toHaveBeenCalledWith(true);
    rerender(
      <Harness
        matchingCount={1234}
        allMatchingSelected
        onSelectAllMatching={onSelectAllMatching}
      />,
    );
    expect(screen.getByText('All 1,234 matching selected')).toBeInTheDocument();
    expect(screen.getByText('Assign tags to 1234 selected chat(s)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Person 3' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onSelectAllMatching).toHaveBeenLastCalledWith(false);
  });

  it('a finished run clears the chosen tags, keeping the focus on Apply', async () => {
    const { rerender } = render(<Harness />);
    await userEvent.click(screen.getByRole('switch', { name: 'Multi-select' }));
    await userEvent.click(screen.getByText('Person 2'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add VIP' }));
    const apply = screen.getByRole('button', { name: 'Apply to 1 chat(s)' });
    apply.focus();
    rerender(<Harness bulkRunning bulkProgress={40} />);
    rerender(<Harness bulkProgress={100} />);
    expect(screen.getByRole('checkbox', { name: 'Add VIP' })).not.toBeChecked();
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    expect(apply).toHaveFocus();
  });

  it('shows the progress bar with the percentage', async () => {
    render(<Harness bulkProgress={50} bulkRunning />);
    await act(async () => {
      await userEvent.click(screen.getByRole('switch', { name: 'Multi-select' }));
      await userEvent.click(screen.getByText('Person 2'));
    });
    expect(screen.getByRole('progressbar', { name: 'Bulk tag progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('50%')).toBeInTheDocument();
  });
});

describe('marketing messages menu', () => {
  const sub = (over: Partial<ContactSubscription> = {}): ContactSubscription => ({
    status: null,
    title: null,
    since: null,
    lastRequest: null,
    canAsk: true,
    cannotAskReason: null,
    ...over,
  });

  it('says the state, asks to subscribe when allowed, and unsubscribes a subscriber', async () => {
    const user = userEvent.setup();
    const onAskToSubscribe = vi.fn();
    const onUnsubscribe = vi.fn();
    const { rerender } = render(
      <InboxScreen
        {...props({
          selectedId: recipient(1).id,
          subscription: sub(),
          onAskToSubscribe,
          onUnsubscribe,
        })}
      />,
    );
    const trigger = screen.getByRole('button', {
      name: `${INBOX_TEXT.marketingMenu}: ${INBOX_TEXT.notSubscribed}`,
    });
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: INBOX_TEXT.askToSubscribe }));
    expect(onAskToSubscribe).toHaveBeenCalledTimes(1);

    // Not allowed now: the item is disabled and the reason is shown.
    rerender(
      <InboxScreen
        {...props({
          selectedId: recipient(1).id,
          subscription: sub({ canAsk: false, cannotAskReason: 'They last wrote long ago.' }),
          onAskToSubscribe,
          onUnsubscribe,
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: /^Marketing messages:/ }));
    const ask = screen.getByRole('menuitem', { name: INBOX_TEXT.askToSubscribe });
    expect(ask).toHaveAttribute('aria-disabled', 'true');
    await user.click(ask);
    expect(onAskToSubscribe).toHaveBeenCalledTimes(1);
    expect(screen.getByText('They last wrote long ago.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    rerender(
      <InboxScreen
        {...props({
          selectedId: recipient(1).id,
          subscription: sub({ status: 'subscribed', title: 'Deals', canAsk: false }),
          onAskToSubscribe,
          onUnsubscribe,
        })}
      />,
    );
    await user.click(
      screen.getByRole('button', {
        name: `${INBOX_TEXT.marketingMenu}: ${INBOX_TEXT.subscribed('Deals')}`,
      }),
    );
    await user.click(screen.getByRole('menuitem', { name: INBOX_TEXT.unsubscribe }));
    expect(onUnsubscribe).toHaveBeenCalledTimes(1);
  });

  it('is not shown before the subscription is known', () => {
    render(<InboxScreen {...props({ selectedId: recipient(1).id })} />);
    expect(screen.queryByRole('button', { name: /^Marketing messages:/ })).not.toBeInTheDocument();
  });
});

describe('the queue', () => {
  it('rows say resolved, snoozed, unreachable and whose the conversation is', () => {
    const old = new Date(NOW.getTime() - 10 * 86_400_000).toISOString();
    render(
      <InboxScreen
        {...props({
          meId: '77',
          recipients: [
            recipient(1, { status: 'resolved', needsReply: false }),
            recipient(2, { status: 'snoozed', snoozedUntil: null, needsReply: false }),
            recipient(3, {
              lastInboundAt: old,
              windowOpen: false,
              assignee: { userId: '77', name: 'Me' },
            }),
            recipient(4, {
              lastInboundAt: old,
              windowOpen: false,
              marketingSubscriber: true,
              assignee: { userId: '8', name: 'Sam Colleague' },
            }),
          ],
        })}
      />,
    );
    const rows = screen.getAllByTestId('conversation-row');
    const status = (i: number) => within(rows[i] as HTMLElement).queryByTestId('row-status');
    expect(status(0)).toHaveTextContent(INBOX_TEXT.resolved);
    expect(status(1)).toHaveTextContent(INBOX_TEXT.snoozedUntilReply);
    expect(status(2)).toHaveTextContent(INBOX_TEXT.unreachable);
    // A marketing subscriber can still be reached.
    expect(status(3)).toBeNull();
    expect(within(rows[2] as HTMLElement).getByTestId('row-assignee')).toHaveTextContent('You');
    expect(within(rows[3] as HTMLElement).getByTestId('row-assignee')).toHaveTextContent(
      'Sam Colleague',
    );
  });

  it('the header resolves, snoozes and assigns the open conversation', async () => {
    const user = userEvent.setup();
    const onStatusChange = vi.fn();
    const onAssign = vi.fn();
    const { rerender } = render(
      <InboxScreen
        {...props({
          selectedId: recipient(1).id,
          meId: '77',
          assignees: [
            { userId: '77', name: 'Me Myself', profilePic: null },
            { userId: '8', name: 'Sam Colleague', profilePic: null },
          ],
          onStatusChange,
          onAssign,
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: INBOX_TEXT.resolve }));
    expect(onStatusChange).toHaveBeenLastCalledWith({ status: 'resolved' });
    await user.click(screen.getByRole('button', { name: INBOX_TEXT.snooze }));
    await user.click(screen.getByRole('menuitem', { name: INBOX_TEXT.snoozeUntilReply }));
    expect(onStatusChange).toHaveBeenLastCalledWith({ status: 'snoozed', until: null });
    await user.click(screen.getByRole('button', { name: INBOX_TEXT.assign }));
    await user.click(screen.getByRole('menuitem', { name: /Sam Colleague/ }));
    expect(onAssign).toHaveBeenLastCalledWith('8');

    rerender(
      <InboxScreen
        {...props({
          selectedId: recipient(1).id,
          recipients: [recipient(1, { status: 'resolved', needsReply: false })],
          onStatusChange,
        })}
      />,
    );
    await user.click(screen.getByRole('button', { name: INBOX_TEXT.reopen }));
    expect(onStatusChange).toHaveBeenLastCalledWith({ status: 'open' });
  });

  it("'Resolve when a person replies' is a switch of the page's setting", async () => {
    const user = userEvent.setup();
    const onResolveOnReplyChange = vi.fn();
    render(<InboxScreen {...props({ resolveOnReply: false, onResolveOnReplyChange })} />);
    const toggle = screen.getByRole('switch', { name: INBOX_TEXT.resolveOnReply });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(onResolveOnReplyChange).toHaveBeenCalledWith(true);
  });

  it('snooze times: in an hour, tomorrow 9:00, next Monday 9:00', () => {
    const t = snoozeTimes(NOW); // Sunday 15 June 2025, 14:30
    expect(t.hour).toEqual(new Date(2025, 5, 15, 15, 30));
    expect(t.tomorrow).toEqual(new Date(2025, 5, 16, 9, 0));
    expect(t.nextWeek).toEqual(new Date(2025, 5, 16, 9, 0));
    expect(snoozeTimes(new Date(2025, 5, 16, 10, 0)).nextWeek).toEqual(new Date(2025, 5, 23, 9, 0));
  });

  it("snooze times follow the admin's chosen time zone, not the browser's", () => {
    setDisplayTimeZone('Asia/Tokyo');
    try {
      // 23:30 UTC on Sunday 15 June 2025 is already Monday 08:30 in Tokyo.
      const t = snoozeTimes(new Date('2025-06-15T23:30:00Z'));
      expect(t.tomorrow).toEqual(new Date('2025-06-17T00:00:00Z')); // Tuesday 09:00 Tokyo
      expect(t.nextWeek).toEqual(new Date('2025-06-23T00:00:00Z')); // the Monday after, 09:00 Tokyo
    } finally {
      setDisplayTimeZone(null);
    }
  });
});
