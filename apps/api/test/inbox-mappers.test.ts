import { Recipient } from '@pagecast/contract';
import { describe, expect, it } from 'vitest';
import {
  messageStatus,
  ONLINE_WINDOW_MS,
  toMessage,
  toRecipient,
  unknownContact,
  type RecipientFields,
} from '../src/modules/inbox/mappers.js';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;

const contact = (over: Partial<RecipientFields> = {}): RecipientFields => ({
  ...unknownContact('8000000000000001'),
  ...over,
});

describe('toRecipient', () => {
  it("names a contact by the profile's name first", () => {
    expect(
      toRecipient(contact({ name: 'Ann Lee', firstName: 'Ann', lastName: 'X' }), NOW).name,
    ).toBe('Ann Lee');
  });

  it('falls back to first and last name, or either alone', () => {
    expect(toRecipient(contact({ firstName: 'Ann', lastName: 'Lee' }), NOW).name).toBe('Ann Lee');
    expect(toRecipient(contact({ firstName: 'Ann' }), NOW).name).toBe('Ann');
    expect(toRecipient(contact({ lastName: 'Lee' }), NOW).name).toBe('Lee');
  });

  it("names a contact without any profile '' (the web shows its own placeholder)", () => {
    const r = toRecipient(contact(), NOW);
    expect(r).toEqual({
      id: '8000000000000001',
      name: '',
      email: null,
      profilePic: null,
      online: false,
      lastMessageAt: null,
      lastMessagePreview: null,
      windowOpen: false,
      lastInboundAt: null,
      unreadCount: 0,
      needsReply: false,
      status: 'open',
      snoozedUntil: null,
      assignee: null,
      marketingSubscriber: false,
    });
    expect(Recipient.safeParse(r).success).toBe(true);
  });

  it('needs a reply while the contact wrote last, not once the page answered', () => {
    const wrote = new Date(NOW - 60_000);
    expect(
      toRecipient(contact({ lastInboundAt: wrote, lastMessageAt: wrote }), NOW).needsReply,
    ).toBe(true);
    const answered = new Date(NOW - 30_000);
    expect(
      toRecipient(contact({ lastInboundAt: wrote, lastMessageAt: answered }), NOW).needsReply,
    ).toBe(false);
    // Never wrote (only the page's campaign reached them): nothing to answer.
    expect(toRecipient(contact({ lastMessageAt: answered }), NOW).needsReply).toBe(false);
  });

  it('is online for 5 minutes and inside the window for 24 hours after the last inbound message', () => {
    const at = (ms: number) => toRecipient(contact({ lastInboundAt: new Date(NOW - ms) }), NOW);
    expect(at(ONLINE_WINDOW_MS - 1)).toMatchObject({ online: true, windowOpen: true });
    expect(at(ONLINE_WINDOW_MS)).toMatchObject({ online: false, windowOpen: true });
    expect(at(24 * HOUR - 1)).toMatchObject({ online: false, windowOpen: true });
    expect(at(24 * HOUR)).toMatchObject({ online: false, windowOpen: false });
  });

  it('writes dates as ISO strings', () => {
    const r = toRecipient(contact({ lastMessageAt: new Date(NOW), lastMessagePreview: 'hi' }), NOW);
    expect(r).toMatchObject({
      lastMessageAt: '2026-11-23T12:00:00.000Z',
      lastMessagePreview: 'hi',
    });
  });
});

describe('messageStatus and toMessage', () => {
  it("a contact's message is received; the page's own go sent, delivered, read", () => {
    const d = new Date(NOW);
    expect(messageStatus('in', d, d)).toBe('received');
    expect(messageStatus('out', null, null)).toBe('sent');
    expect(messageStatus('out', d, null)).toBe('delivered');
    expect(messageStatus('out', null, d)).toBe('read');
  });

  it('maps a stored message (no text reads as empty)', () => {
    expect(
      toMessage({
        mid: 'm_1',
        direction: 'out',
        text: null,
        sentBy: '7000000000000001',
        createdAt: new Date(NOW),
        deliveredAt: new Date(NOW),
        readAt: null,
      }),
    ).toEqual({
      id: 'm_1',
      message: '',
      createdAt: '2026-11-23T12:00:00.000Z',
      sentBy: '7000000000000001',
      status: 'delivered',
      attachments: [],
      reaction: null,
      campaign: null,
    });
  });
});
