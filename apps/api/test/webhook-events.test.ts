// The wire shape of a Messenger delivery (modules/webhooks/events.ts): every kind the ingest handles is read
// into its event, and what the schema does not understand is skipped without costing the rest.
import { describe, expect, it } from 'vitest';
import {
  contactPsid,
  epochMs,
  parseDelivery,
  toEvent,
  type MessagingEvent,
} from '../src/modules/webhooks/events.js';

const PAGE = '1000';
const AT = 1_700_000_000_000;

/** The events of one entry's messaging items, as the ingest sees them for page PAGE. */
function eventsOf(items: unknown[], key: 'messaging' | 'standby' = 'messaging'): MessagingEvent[] {
  const { entries } = parseDelivery({ object: 'page', entry: [{ id: PAGE, [key]: items }] });
  return (entries[0]?.messaging ?? []).flatMap(({ item, parties }) => {
    const psid = contactPsid(item, parties, PAGE);
    return psid ? [toEvent(item, psid)] : [];
  });
}
const from = (psid: string, rest: object) => ({
  sender: { id: psid },
  recipient: { id: PAGE },
  timestamp: AT,
  ...rest,
});

describe('parseDelivery', () => {
  it('reads each kind of messaging item into its event', () => {
    const at = new Date(AT);
    expect(
      eventsOf([
        from('p1', { message: { mid: 'm1', text: 'hi', attachments: [{ type: 'image' }] } }),
        from('p1', { postback: { title: 'Yes', payload: 'Y' } }),
        from('p1', { referral: { ref: 'ad', source: 'SHORTLINK', type: 'OPEN_THREAD' } }),
        from('p1', { message_edit: { mid: 'm1', text: 'hello', num_edit: 1 } }),
        from('p1', { optin: { type: 'notification_messages', notification_messages_token: 't' } }),
        from('p1', { reaction: { mid: 'm1', action: 'react', emoji: '😀' } }),
        from('p1', { delivery: { mids: ['m9', 7], watermark: String(AT) } }),
        from('p1', { read: { watermark: AT } }),
      ]),
    ).toEqual([
      {
        kind: 'message',
        psid: 'p1',
        at,
        echo: false,
        appId: null,
        mid: 'm1',
        text: 'hi',
        attachments: [{ type: 'image', payload: { elements: [] } }],
        stickerId: undefined,
      },
      { kind: 'postback', psid: 'p1', at, mid: undefined, title: 'Yes' },
      { kind: 'referral', psid: 'p1', at },
      { kind: 'edit', psid: 'p1', at, mid: 'm1', text: 'hello' },
      {
        kind: 'optin',
        psid: 'p1',
        at,
        optin: { type: 'notification_messages', notification_messages_token: 't' },
      },
      {
        kind: 'reaction',
        psid: 'p1',
        at,
        mid: 'm1',
        action: 'react',
        emoji: '😀',
        name: undefined,
      },
      { kind: 'receipt', psid: 'p1', at, read: false, watermark: at, mids: ['m9'] },
      { kind: 'receipt', psid: 'p1', at, read: true, watermark: at, mids: [] },
    ]);
  });

  it("an echo is the page's own message: its contact is the recipient", () => {
    const [echo] = eventsOf([
      { sender: { id: PAGE }, recipient: { id: 'p2' }, message: { mid: 'm2', is_echo: true } },
    ]);
    expect(echo).toMatchObject({ kind: 'message', psid: 'p2', echo: true });
  });

  it('reads standby items (handover protocol) like messaging ones', () => {
    expect(eventsOf([from('p3', { message: { mid: 'm3', text: 'x' } })], 'standby')).toMatchObject([
      { kind: 'message', psid: 'p3', mid: 'm3' },
    ]);
  });

  it('skips what it does not understand and keeps the rest of the delivery', () => {
    const parsed = parseDelivery({
      object: 'page',
      entry: [
        null,
        { time: 1 },
        {
          id: PAGE,
          messaging: [
            from('p1', { pass_thread_control: { new_owner_app_id: '1' } }),
            from('p1', { message: { mid: 42 } }),
            from('p1', { delivery: { watermark: 'yesterday' }, read: { watermark: AT } }),
            7,
            from('p1', { message: { mid: 'm4', text: 'kept' } }),
          ],
          changes: [
            { field: 'feed', value: {} },
            { field: 'message_template_status_update', value: { event: 'APPROVED' } },
            { field: 'marketing_message_reads', value: { recipient_id: 1 } },
            { field: 'marketing_message_clicks', value: 'not an object' },
          ],
        },
      ],
    });
    expect(parsed.skipped).toBe(6);
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.entries[0]?.messaging.map((m) => m.item)).toMatchObject([
      { message: { mid: 'm4' } },
    ]);
    expect(parsed.entries[0]?.changes).toEqual([
      { kind: 'template-status', value: { event: 'APPROVED' }, at: expect.any(Date) },
      { kind: 'marketing', field: 'marketing_message_reads', value: { recipient_id: 1 } },
    ]);
  });

  it("dates a template verdict by its entry's time: milliseconds, seconds, or now without one", () => {
    const verdictAt = (time: unknown) => {
      const change = parseDelivery({
        object: 'page',
        entry: [
          {
            id: PAGE,
            time,
            changes: [{ field: 'message_template_status_update', value: { event: 'PAUSED' } }],
          },
        ],
      }).entries[0]?.changes[0];
      return change?.kind === 'template-status' ? change.at.getTime() : undefined;
    };
    expect(verdictAt(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(verdictAt(1_700_000_000)).toBe(1_700_000_000_000);
    expect(verdictAt('1700000000')).toBe(1_700_000_000_000);
    for (const time of [undefined, 'soon', -5, 1e300]) {
      const before = Date.now();
      expect(verdictAt(time)).toBeGreaterThanOrEqual(before);
    }
  });

  it('a message wins over a postback in the same item; a delivery without a time is no receipt', () => {
    expect(
      eventsOf([from('p1', { message: { mid: 'm5' }, postback: { title: 'B' } })]),
    ).toMatchObject([{ kind: 'message', mid: 'm5' }]);
    expect(eventsOf([from('p1', { delivery: { mids: ['m5'] } })])).toEqual([]);
  });

  it("reads a message's files and template cards leniently: an odd item costs only itself", () => {
    const [m] = eventsOf([
      from('p1', {
        message: {
          mid: 'm6',
          attachments: [
            null,
            { type: 'image', payload: { url: 'https://x/a.jpg', sticker_id: 369239263222822 } },
            { type: 7, payload: 'odd' },
            {
              type: 'template',
              payload: { text: 'Hi', elements: [{ title: 'Card', image_url: 5 }, 'odd'] },
            },
          ],
        },
      }),
    ]);
    expect(m?.kind === 'message' && m.attachments).toEqual([
      {
        type: 'image',
        payload: { url: 'https://x/a.jpg', sticker_id: 369239263222822, elements: [] },
      },
      { payload: { elements: [] } },
      { type: 'template', payload: { text: 'Hi', elements: [{ title: 'Card' }] } },
    ]);
  });

  it('never throws, whatever the payload', () => {
    for (const payload of [null, 'x', 1, {}, { entry: 'x' }, { entry: [{ id: {} }] }]) {
      expect(parseDelivery(payload).entries).toEqual([]);
    }
  });
});

describe('epochMs', () => {
  it('takes Meta times as numbers or digit strings, and nothing else', () => {
    expect(epochMs(AT)).toBe(AT);
    expect(epochMs(String(AT))).toBe(AT);
    expect(epochMs('17e11')).toBeNull();
    expect(epochMs(-1)).toBeNull();
    expect(epochMs(Date.UTC(2200, 0, 1))).toBeNull();
  });
});
