import { Rng } from '../util/rng.js';
import { b64urlDecode, b64urlEncode } from '../util/format.js';
import { INBOUND_LINES, OUTBOUND_LINES } from './names.js';
import type { Contact, Message } from './types.js';

/** Message ids are opaque to clients; internally they encode where the message lives. */
export function makeMid(pageId: string, psid: string, index: number): string {
  return 'm_' + b64urlEncode(`${pageId}:${psid}:${index}`);
}

export function parseMid(mid: string): { pageId: string; psid: string; index: number } | null {
  if (!mid.startsWith('m_')) return null;
  const parts = b64urlDecode(mid.slice(2)).split(':');
  if (parts.length !== 3) return null;
  const [pageId, psid, idx] = parts as [string, string, string];
  const index = Number(idx);
  if (!/^\d+$/.test(pageId) || !/^\d+$/.test(psid) || !Number.isInteger(index) || index < 0)
    return null;
  return { pageId, psid, index };
}

/**
 * Builds the deterministic history of a seeded contact. The last inbound message is at `lastInboundAt`;
 * when `updatedAt` is later, the page replied last at `updatedAt`. Earlier messages alternate backwards in time.
 */
function generateBase(pageId: string, c: Contact): Message[] {
  const n = c.baseCount;
  if (n === 0) return [];
  const rng = new Rng(c.historySeed);
  const out: Message[] = new Array<Message>(n);
  let i = n - 1;
  let t = c.updatedAt;
  let fromContact = c.updatedAt === c.lastInboundAt;
  while (i >= 0) {
    const lines = fromContact ? INBOUND_LINES : OUTBOUND_LINES;
    out[i] = { mid: makeMid(pageId, c.psid, i), fromContact, text: rng.pick(lines), time: t };
    i--;
    if (!fromContact && i >= 0) {
      // the inbound message right before the page's reply is the last inbound one
      fromContact = true;
      t = c.lastInboundAt;
      continue;
    }
    t -= rng.int(5 * 60_000, 36 * 3_600_000);
    fromContact = rng.next() < 0.55;
  }
  return out;
}

export function materialise(pageId: string, c: Contact): Message[] {
  if (c.messages === null) c.messages = withFiles(generateBase(pageId, c), c.historySeed);
  return c.messages;
}

/**
 * Some of a contact's own messages carry a photo (about 1 in 10, usually with no text) or a sticker
 * (1 in 25), as real inboxes do. A separate random stream, so the texts stay what they always were.
 * URLs are paths: the Graph API signs them with its base URL and a fresh expiry when it reads them.
 */
function withFiles(messages: Message[], seed: number): Message[] {
  const rng = new Rng(seed + 7919);
  messages.forEach((m, i) => {
    // The newest message keeps its text: it is the conversation's snippet.
    if (!m.fromContact || i === messages.length - 1) return;
    const roll = rng.next();
    if (roll < 0.1) {
      m.attachments = [{ type: 'image', url: `/_emulator/cdn/image/${seed % 997}${i}/photo.svg` }];
      if (rng.next() < 0.7) m.text = '';
    } else if (roll < 0.14) {
      m.attachments = [
        {
          type: 'sticker',
          url: '/_emulator/cdn/sticker/0/sticker.svg',
          stickerId: 369239263222822,
        },
      ];
      m.text = '';
    }
  });
  return messages;
}
