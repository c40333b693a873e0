// Files and stickers of Messenger messages, from the two shapes Meta sends them in: webhooks
// (`message.attachments[{type, payload: {url, sticker_id}}]`, a sticker being an image with a sticker_id,
// for a while also typed 'sticker') and the Graph API (`attachments{data[{image_data, video_data,
// file_url, ...}]}` with the sticker in the message's own `sticker` field). Both become the contract's
// MessageAttachment list, one entry per file (a sticker is one attachment, never an image and a sticker).
import { attachmentSummary, type MessageAttachment } from '@pagecast/contract';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { GraphMessage } from '../../graph/index.js';
import { META_MEDIA_HOSTS, mediaOrigins } from '../../http/csp.js';

/**
 * Which file URLs are kept as links: those of the hosts the CSP loads images and media from
 * (http/csp.ts#mediaOrigins). A URL of any other host (a forged webhook, a link Meta would never send) is
 * not stored as a link: the file is kept as "Attachment from an unknown host", without its address.
 */
export type MediaUrlPolicy = (url: string) => boolean;

/** What an attachment whose URL is of another host is called instead. */
export const UNKNOWN_HOST_ATTACHMENT = 'Attachment from an unknown host';

/** The policy of a CSP source list: exact origins, and `https://*.domain` for its subdomains on port 443. */
export function mediaUrlPolicy(origins: readonly string[]): MediaUrlPolicy {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const o of origins) {
    const wildcard = /^https:\/\/\*(\.[^/:]+)$/i.exec(o);
    if (wildcard?.[1]) suffixes.push(wildcard[1].toLowerCase());
    else exact.add(o.toLowerCase());
  }
  return (url) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return false;
    }
    if (exact.has(u.origin.toLowerCase())) return true;
    return u.protocol === 'https:' && u.port === '' && suffixes.some((s) => u.hostname.endsWith(s));
  };
}

/** Meta's CDN only: what a caller without the configuration gets (no file of another host is linked). */
const META_ONLY = mediaUrlPolicy(META_MEDIA_HOSTS);

/**
 * The policy of this configuration: the CSP's image and media sources (Meta's CDN and the Graph origin in
 * production, the emulator's origin in development), and Meta's CDN in every mode, since what it serves is
 * what Messenger sends.
 */
export function mediaPolicyOf(
  config: Pick<Config, 'graphApiUrl' | 'isProduction'>,
): MediaUrlPolicy {
  return mediaUrlPolicy([...mediaOrigins(config), ...META_MEDIA_HOSTS]);
}

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
/** Marks a URL of a host the policy does not allow. */
const REFUSED = Symbol('refused');
/** The file's URL when the policy allows its host; REFUSED when it names another host. */
const mediaUrl = (v: unknown, allowed: MediaUrlPolicy): string | null | typeof REFUSED => {
  const url = httpUrl(v);
  return url === null ? null : allowed(url) ? url : REFUSED;
};

const KNOWN = new Set(['image', 'video', 'audio', 'file']);

/** A string field Meta may send as anything else: then it is absent. */
const text = z.string().optional().catch(undefined);
/** A card of a template the page sent (generic `image_url`, media template `url` and `media_type`). */
const templateElement = z.object({
  title: text,
  subtitle: text,
  image_url: text,
  media_type: text,
  url: text,
});
/** Objects of a list that parse, the others left out (so one odd item costs only itself). */
const objectsOf = <T extends z.ZodTypeAny>(item: T) =>
  z.unknown().transform((v): Array<z.output<T>> => {
    const out: Array<z.output<T>> = [];
    for (const x of Array.isArray(v) ? (v as unknown[]) : []) {
      const r = item.safeParse(x);
      if (r.success) out.push(r.data as z.output<T>);
    }
    return out;
  });
const payload = z
  .object({
    url: text,
    /** Meta sends it as a number; only its presence matters. */
    sticker_id: z.unknown(),
    title: text,
    text,
    name: text,
    elements: objectsOf(templateElement),
  })
  .catch({ elements: [] });
const attachment = z.object({ type: text, title: text, payload });
export type WireAttachment = z.output<typeof attachment>;
type TemplatePayload = WireAttachment['payload'];

/**
 * A webhook message's `attachments` as Meta sends them: a file (`{type, payload: {url, sticker_id}}`) or a
 * template the page sent (`{type: 'template', payload: {text, title, name, elements}}`). Lenient: anything
 * else in the list is left out. Part of the webhook's schema (modules/webhooks/events.ts).
 */
export const wireAttachments = objectsOf(attachment);

/** A webhook message's attachments (and its `sticker_id`). Unknown shapes are kept as 'other'. */
export function webhookAttachments(
  message: {
    attachments: readonly WireAttachment[];
    sticker_id?: unknown;
  },
  allowed: MediaUrlPolicy = META_ONLY,
): MessageAttachment[] {
  const out: MessageAttachment[] = [];
  for (const a of message.attachments.slice(0, ATTACHMENTS_MAX)) {
    if (a.type === 'template') {
      // A template the page sent: its words become the message's text (templateText), its pictures stay.
      out.push(...templateMedia(a.payload, allowed));
      continue;
    }
    const payload = a.payload;
    const found = mediaUrl(payload.url, allowed);
    const url = found === REFUSED ? null : found;
    const sticker = a.type === 'sticker' || payload.sticker_id != null;
    const type: MessageAttachment['type'] = sticker
      ? 'sticker'
      : a.type !== undefined && KNOWN.has(a.type)
        ? (a.type as MessageAttachment['type'])
        : 'other';
    // During Meta's transition one sticker came as both an 'image' and a 'sticker' entry: keep one.
    if (type === 'sticker' && out.some((o) => o.type === 'sticker' && o.url === url)) continue;
    out.push({
      type,
      url,
      name:
        found === REFUSED
          ? UNKNOWN_HOST_ATTACHMENT
          : (str(a.title, NAME_MAX) ?? str(payload.title, NAME_MAX)),
    });
  }
  if (message.sticker_id != null && !out.some((o) => o.type === 'sticker'))
    out.push({ type: 'sticker', url: null, name: null });
  return out;
}

/** The pictures and videos of a template card (generic `image_url`, media template `url`). */
function templateMedia(payload: TemplatePayload, allowed: MediaUrlPolicy): MessageAttachment[] {
  const out: MessageAttachment[] = [];
  for (const e of payload.elements.slice(0, 10)) {
    const found = mediaUrl(httpUrl(e.url) ?? e.image_url, allowed);
    const type = e.media_type === 'video' ? 'video' : 'image';
    // A media template by attachment_id has no URL in its echo: nothing to show but its words.
    if (found === REFUSED) out.push({ type, url: null, name: UNKNOWN_HOST_ATTACHMENT });
    else if (found) out.push({ type, url: found, name: null });
  }
  return out;
}

/** Shown for a template whose echo carries no words at all (a media template by attachment id). */
export const TEMPLATE_WITHOUT_TEXT = 'Template message';

/**
 * What a template the page sent says, from its echo's `attachments[{type: 'template', payload}]`: a button
 * template's `text`, a card's title and subtitle, an opt-in request's title, else the template's name
 * (guess: Meta documents no echo of a utility template; its payload is read the same way). Null when the
 * message carried no template.
 */
export function templateText(attachments: readonly WireAttachment[]): string | null {
  const payloads = attachments.filter((a) => a.type === 'template').map((a) => a.payload);
  if (payloads.length === 0) return null;
  const parts: string[] = [];
  for (const p of payloads) {
    const own = str(p.text, 2000) ?? str(p.title, 300);
    if (own) parts.push(own);
    for (const e of p.elements) {
      const card = [str(e.title, 300), str(e.subtitle, 300)].filter(Boolean).join('\n');
      if (card) parts.push(card);
    }
    if (!own && p.elements.every((e) => !str(e.title, 1) && !str(e.subtitle, 1))) {
      const name = str(p.name, NAME_MAX);
      if (name) parts.push(name);
    }
  }
  if (parts.length > 0) return parts.join('\n\n');
  // Only a picture or a video: the bubble shows it; nothing at all: say what it was.
  return payloads.some((p) => templateMedia(p, () => true).length > 0) ? '' : TEMPLATE_WITHOUT_TEXT;
}

/** A Graph API message's `attachments` and `sticker` fields. */
export function graphAttachments(
  m: Pick<GraphMessage, 'attachments' | 'sticker'>,
  allowed: MediaUrlPolicy = META_ONLY,
): MessageAttachment[] {
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
    const found = mediaUrl(f.image_data?.url ?? f.video_data?.url ?? f.file_url, allowed);
    out.push(
      found === REFUSED
        ? { type, url: null, name: UNKNOWN_HOST_ATTACHMENT }
        : { type, url: found, name: type === 'file' ? str(f.name, NAME_MAX) : null },
    );
  }
  if (m.sticker) {
    const found = mediaUrl(m.sticker, allowed);
    out.push(
      found === REFUSED
        ? { type: 'sticker', url: null, name: UNKNOWN_HOST_ATTACHMENT }
        : { type: 'sticker', url: found, name: null },
    );
  }
  return out;
}

/** What the inbox list shows for a message: its text, else what it carries ('Photo', 'Sticker'...). */
export function previewOf(text: string, attachments: readonly MessageAttachment[]): string {
  return text || attachmentSummary(attachments);
}
