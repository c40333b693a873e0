// Files and stickers of Messenger messages, from the two shapes Meta sends them in: webhooks
// (`message.attachments[{type, payload: {url, sticker_id}}]`, a sticker being an image with a sticker_id,
// for a while also typed 'sticker') and the Graph API (`attachments{data[{image_data, video_data,
// file_url, ...}]}` with the sticker in the message's own `sticker` field). Both become the contract's
// MessageAttachment list, one entry per file (a sticker is one attachment, never an image and a sticker).
import { attachmentSummary, type MessageAttachment } from '@pagecast/contract';

const URL_MAX = 4096;
const NAME_MAX = 300;
/** More than Meta allows in one message (30 images); anything beyond is not kept. */
const ATTACHMENTS_MAX = 30;

const str = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null;
const httpUrl = (v: unknown): string | null => {
  const s = str(v, URL_MAX);
  return s && /^https?:\/\//i.test(s) ? s : null;
};

const KNOWN = new Set(['image', 'video', 'audio', 'file']);

/** A webhook message's attachments (and its `sticker_id`). Unknown shapes are kept as 'other'. */
export function webhookAttachments(message: {
  attachments?: unknown;
  sticker_id?: unknown;
}): MessageAttachment[] {
  const list = Array.isArray(message.attachments) ? message.attachments : [];
  const out: MessageAttachment[] = [];
  for (const raw of list.slice(0, ATTACHMENTS_MAX)) {
    if (!raw || typeof raw !== 'object') continue;
    const a = raw as { type?: unknown; title?: unknown; payload?: unknown };
    const payload = (a.payload && typeof a.payload === 'object' ? a.payload : {}) as {
      url?: unknown;
      sticker_id?: unknown;
      title?: unknown;
    };
    const url = httpUrl(payload.url);
    const sticker = a.type === 'sticker' || payload.sticker_id != null;
    const type: MessageAttachment['type'] = sticker
      ? 'sticker'
      : typeof a.type === 'string' && KNOWN.has(a.type)
        ? (a.type as MessageAttachment['type'])
        : 'other';
    // During Meta's transition one sticker came as both an 'image' and a 'sticker' entry: keep one.
    if (type === 'sticker' && out.some((o) => o.type === 'sticker' && o.url === url)) continue;
    out.push({ type, url, name: str(a.title, NAME_MAX) ?? str(payload.title, NAME_MAX) });
  }
  if (message.sticker_id != null && !out.some((o) => o.type === 'sticker'))
    out.push({ type: 'sticker', url: null, name: null });
  return out;
}

interface GraphFile {
  mime_type?: string;
  name?: string;
  image_data?: { url?: string };
  video_data?: { url?: string };
  file_url?: string;
}

/** A Graph API message's `attachments` and `sticker` fields. */
export function graphAttachments(m: {
  attachments?: { data?: GraphFile[] };
  sticker?: string;
}): MessageAttachment[] {
  const out: MessageAttachment[] = [];
  for (const f of (m.attachments?.data ?? []).slice(0, ATTACHMENTS_MAX)) {
    const mime = f.mime_type ?? '';
    const type: MessageAttachment['type'] = f.image_data
      ? 'image'
      : f.video_data
        ? 'video'
        : mime.startsWith('audio/')
          ? 'audio'
          : mime.startsWith('image/')
            ? 'image'
            : mime.startsWith('video/')
              ? 'video'
              : 'file';
    out.push({
      type,
      url: httpUrl(f.image_data?.url ?? f.video_data?.url ?? f.file_url),
      name: type === 'file' ? str(f.name, NAME_MAX) : null,
    });
  }
  if (m.sticker) out.push({ type: 'sticker', url: httpUrl(m.sticker), name: null });
  return out;
}

/** What the inbox list shows for a message: its text, else what it carries ('Photo', 'Sticker'...). */
export function previewOf(text: string, attachments: readonly MessageAttachment[]): string {
  return text || attachmentSummary(attachments);
}
