import type { MessageReceived, Recipient } from '@pagecast/contract';
import { describe, expect, it } from 'vitest';
import {
  addMessage,
  applyEdit,
  applyReaction,
  applyWatermark,
  clearUnread,
  conversationOldestFirst,
  flattenRecipients,
  matchesQueue,
  moveRecipientToTop,
  removeRecipient,
  upsertRecipient,
  type ConversationData,
  type RecipientsData,
} from '../src/features/inbox/cache';
import { makeRecipient as recipient } from './recipient-fixture';

const PAGE = '500000000000001';

const message = (id: string, over: Partial<MessageReceived> = {}): MessageReceived => ({
  id,
  message: `text ${id}`,
  createdAt: '2030-01-01T12:00:00.000Z',
  sentBy: PAGE,
  status: 'sent',
  attachments: [],
  reaction: null,
  campaign: null,
  ...over,
});

const recipientsData = (...pages: Recipient[][]): RecipientsData => ({
  pages: pages.map((recipients, i) => ({
    recipients,
    paging: { nextCursor: i < pages.length - 1 ? `c${i + 1}` : null },
  })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
});

const conversationData = (...pages: MessageReceived[][]): ConversationData => ({
  pages: pages.map((messages) => ({ messages, tags: [], paging: { nextCursor: null } })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
});

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

describe('flattenRecipients', () => {
  it('joins the loaded pages in order and keeps the first copy of a repeated recipient', () => {
    const data = recipientsData(
      [recipient('1'), recipient('2')],
      [recipient('2', { name: 'later copy' }), recipient('3')],
    );
    const flat = flattenRecipients(data);
    expect(ids(flat)).toEqual(['1', '2', '3']);
    expect(flat[1]?.name).toBe('Contact 2');
  });

  it('is empty before the first page arrives', () => {
    expect(flattenRecipients(undefined)).toEqual([]);
  });
});

describe('conversationOldestFirst', () => {
  it('reverses the newest-first pages into display order, dropping repeated ids', () => {
    const data = conversationData(
      [message('m4'), message('m3')],
      [message('m3'), message('m2'), message('m1')],
    );
    expect(ids(conversationOldestFirst(data))).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(conversationOldestFirst(undefined)).toEqual([]);
  });
});

describe('moveRecipientToTop', () => {
  it("moves the contact from any page to the top of the first, with the message's time and preview", () => {
    const data = recipientsData([recipient('1'), recipient('2')], [recipient('3')]);
    const inbound = message('m9', {
      sentBy: '3',
      message: 'hello again',
      createdAt: '2030-01-02T08:00:00.000Z',
    });
    const next = moveRecipientToTop(data, '3', inbound);
    expect(next?.pages.map((p) => ids(p.recipients))).toEqual([['3', '1', '2'], []]);
    expect(next?.pages[0]?.recipients[0]).toMatchObject({
      lastMessageAt: '2030-01-02T08:00:00.000Z',
      lastMessagePreview: 'hello again',
      // A message from the contact: they are online and the reply windows start again from it.
      online: true,
      windowOpen: true,
      lastInboundAt: '2030-01-02T08:00:00.000Z',
      needsReply: true,
    });
    expect(next?.pageParams).toBe(data.pageParams);
    // The input is not mutated.
    expect(ids(data.pages[1]?.recipients ?? [])).toEqual(['3']);
  });

  it("a page's own message moves the chat but does not mark the contact online", () => {
    const data = recipientsData([recipient('1'), recipient('2', { needsReply: true })]);
    const next = moveRecipientToTop(data, '2', message('m1', { sentBy: PAGE }));
    expect(next?.pages[0]?.recipients[0]).toMatchObject({
      id: '2',
      online: false,
      windowOpen: false,
      lastMessagePreview: 'text m1',
      // A page message (maybe a campaign's) answers nothing by itself: the server's contact event says
      // whether a person replied.
      needsReply: true,
    });
  });

  it("the contact's message reopens a resolved chat or one snoozed until they write, not a timed snooze", () => {
    const data = recipientsData([
      recipient('1', { status: 'resolved' }),
      recipient('2', { status: 'snoozed', snoozedUntil: null }),
      recipient('3', { status: 'snoozed', snoozedUntil: '2030-01-05T09:00:00.000Z' }),
    ]);
    const wrote = (id: string, d: RecipientsData) =>
      moveRecipientToTop(
        d,
        id,
        message(`m${id}`, { sentBy: id, createdAt: '2030-01-02T08:00:00.000Z' }),
      );
    expect(wrote('1', data)?.pages[0]?.recipients[0]).toMatchObject({
      status: 'open',
      needsReply: true,
    });
    expect(wrote('2', data)?.pages[0]?.recipients[0]).toMatchObject({
      status: 'open',
      snoozedUntil: null,
      needsReply: true,
    });
    expect(wrote('3', data)?.pages[0]?.recipients[0]).toMatchObject({
      status: 'snoozed',
      needsReply: false,
    });
  });

  it('a queue change takes a chat out of the filters it no longer matches', () => {
    const mine = { userId: '42', name: 'Me' };
    const r = recipient('1', { needsReply: true, assignee: mine });
    expect(matchesQueue(r, { filter: 'needs_reply', assignee: 'mine' }, '42')).toBe(true);
    expect(matchesQueue(r, { filter: 'needs_reply', assignee: 'mine' }, '7')).toBe(false);
    expect(matchesQueue(r, { filter: 'all', assignee: 'unassigned' }, '42')).toBe(false);
    const resolved = { ...r, status: 'resolved' as const, needsReply: false };
    expect(matchesQueue(resolved, { filter: 'needs_reply', assignee: 'all' }, '42')).toBe(false);
    expect(matchesQueue(resolved, { filter: 'resolved', assignee: 'all' }, '42')).toBe(true);
    const data = recipientsData([r, recipient('2')]);
    expect(removeRecipient(data, '1').pages.flatMap((p) => p.recipients.map((x) => x.id))).toEqual([
      '2',
    ]);
  });

  it('a message with only a photo previews as Photo', () => {
    const data = recipientsData([recipient('1')]);
    const photo = message('m2', {
      sentBy: '1',
      message: '',
      createdAt: '2030-01-02T08:00:00.000Z',
      attachments: [{ type: 'image', url: 'https://cdn.example/p.jpg', name: null }],
    });
    expect(moveRecipientToTop(data, '1', photo)?.pages[0]?.recipients[0]?.lastMessagePreview).toBe(
      'Photo',
    );
  });

  it('an older message (a late echo) keeps the newer time and preview', () => {
    const data = recipientsData([recipient('1'), recipient('2')]);
    const old = message('m0', { sentBy: '2', createdAt: '2029-12-31T00:00:00.000Z' });
    const moved = moveRecipientToTop(data, '2', old)?.pages[0]?.recipients[0];
    expect(moved).toMatchObject({
      id: '2',
      lastMessageAt: '2030-01-01T10:00:00.000Z',
      lastMessagePreview: 'earlier',
      online: true,
    });
  });

  it('a contact with no message yet takes the new one', () => {
    const data = recipientsData([
      recipient('1', { lastMessageAt: null, lastMessagePreview: null }),
    ]);
    const moved = moveRecipientToTop(data, '1', message('m1'))?.pages[0]?.recipients[0];
    expect(moved?.lastMessageAt).toBe('2030-01-01T12:00:00.000Z');
  });

  it('returns null for a contact not in the cache (the caller refetches)', () => {
    expect(moveRecipientToTop(recipientsData([recipient('1')]), '9', message('m1'))).toBeNull();
    expect(moveRecipientToTop(recipientsData(), '1', message('m1'))).toBeNull();
  });
});

describe('upsertRecipient', () => {
  it('replaces a known contact where it is', () => {
    const data = recipientsData([recipient('1'), recipient('2')], [recipient('3')]);
    const next = upsertRecipient(data, recipient('3', { name: 'Renamed' }));
    expect(next.pages.map((p) => ids(p.recipients))).toEqual([['1', '2'], ['3']]);
    expect(next.pages[1]?.recipients[0]?.name).toBe('Renamed');
  });

  it('puts a new contact at the top of the first page', () => {
    const data = recipientsData([recipient('1')], [recipient('2')]);
    const next = upsertRecipient(data, recipient('7'));
    expect(next.pages.map((p) => ids(p.recipients))).toEqual([['7', '1'], ['2']]);
  });

  it('leaves an empty cache empty', () => {
    expect(upsertRecipient(recipientsData(), recipient('7')).pages).toEqual([]);
  });
});

describe('addMessage', () => {
  it('puts a new message first on the newest page', () => {
    const data = conversationData([message('m2')], [message('m1')]);
    const next = addMessage(data, message('m3'));
    expect(next.pages.map((p) => ids(p.messages))).toEqual([['m3', 'm2'], ['m1']]);
  });

  it('adds a message once: a send and its live echo carry the same id', () => {
    const data = conversationData([message('m2')], [message('m1')]);
    expect(addMessage(data, message('m1', { message: 'echo' }))).toBe(data);
    const once = addMessage(data, message('m3'));
    expect(addMessage(once, message('m3'))).toBe(once);
  });

  it('leaves a conversation with no page as it is', () => {
    const data = conversationData();
    expect(addMessage(data, message('m1'))).toBe(data);
  });
});

describe('applyWatermark', () => {
  const data = conversationData(
    [
      message('late', { createdAt: '2030-01-01T12:05:00.000Z' }),
      message('inbound', { sentBy: '42', status: 'received' }),
      message('at', { createdAt: '2030-01-01T12:00:00.000Z' }),
    ],
    [
      message('read-already', { createdAt: '2030-01-01T11:00:00.000Z', status: 'read' }),
      message('early', { createdAt: '2030-01-01T11:30:00.000Z', status: 'delivered' }),
    ],
  );
  const statuses = (d: ConversationData) =>
    Object.fromEntries(d.pages.flatMap((p) => p.messages.map((m) => [m.id, m.status])));

  it("moves the page's messages sent at or before the watermark forward, on every page", () => {
    expect(statuses(applyWatermark(data, PAGE, '2030-01-01T12:00:00.000Z', 'read'))).toEqual({
      late: 'sent',
      inbound: 'received',
      at: 'read',
      'read-already': 'read',
      early: 'read',
    });
  });

  it('never moves a status back (a delivery after a read changes nothing)', () => {
    expect(statuses(applyWatermark(data, PAGE, '2030-01-01T12:10:00.000Z', 'delivered'))).toEqual({
      late: 'delivered',
      inbound: 'received',
      at: 'delivered',
      'read-already': 'read',
      early: 'delivered',
    });
  });
});

describe('reactions and unread counts', () => {
  it('puts a reaction on its message and takes it back', () => {
    const data: ConversationData = {
      pages: [{ messages: [message('m1'), message('m2')], tags: [], paging: { nextCursor: null } }],
      pageParams: [null],
    };
    const reacted = applyReaction(data, 'm2', '\u2764\ufe0f');
    expect(reacted.pages[0]?.messages.map((m) => m.reaction)).toEqual([null, '\u2764\ufe0f']);
    expect(applyReaction(reacted, 'm2', null).pages[0]?.messages[1]?.reaction).toBeNull();
  });

  it('shows the new text of an edited message, and leaves the cache as it is for an unknown one', () => {
    const data: ConversationData = {
      pages: [{ messages: [message('m1'), message('m2')], tags: [], paging: { nextCursor: null } }],
      pageParams: [null],
    };
    const edited = applyEdit(data, 'm2', 'See you at 6');
    expect(edited.pages[0]?.messages.map((m) => m.message)).toEqual([
      data.pages[0]?.messages[0]?.message,
      'See you at 6',
    ]);
    expect(applyEdit(data, 'm_unknown', 'x')).toBe(data);
    expect(applyEdit(edited, 'm2', 'See you at 6')).toBe(edited);
  });

  it('clears the unread count of the opened conversation only', () => {
    const data = recipientsData([
      recipient('1', { unreadCount: 2 }),
      recipient('2', { unreadCount: 1 }),
    ]);
    const next = clearUnread(data, '1');
    expect(next.pages[0]?.recipients.map((r) => r.unreadCount)).toEqual([0, 1]);
  });
});
