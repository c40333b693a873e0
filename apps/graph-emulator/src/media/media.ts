// Meta's CDN for message attachments, played locally: every URL carries its expiry (`oe`, hex epoch
// seconds, as scontent URLs do) and answers 403 once it has passed, so clients must cope with files that
// were once there. The files are small stand-ins generated on the fly: a picture, a sticker, a second of
// sound, a PDF.
import type { FastifyInstance } from 'fastify';
import type { World } from '../world/world.js';
import type { Attachment } from '../world/types.js';

/** How long an attachment URL stays valid (Meta's are days; the exact span is not published). */
export const MEDIA_URL_TTL_MS = 3 * 24 * 3_600_000;

/** Meta's stock thumbs-up sticker id (the one the Like button sends). */
export const THUMBS_UP_STICKER_ID = 369239263222822;

const FILE_NAMES: Record<Attachment['type'], string> = {
  image: 'photo.svg',
  sticker: 'sticker.svg',
  audio: 'voice-message.wav',
  video: 'clip.mp4',
  file: 'document.pdf',
};

/** A new attachment of `type` served by this emulator, valid until `expiresAt` (world time, ms). */
export function makeAttachment(
  baseUrl: string,
  type: Attachment['type'],
  seq: number,
  expiresAt: number,
  name?: string,
): Attachment {
  const file = name ?? FILE_NAMES[type];
  const oe = Math.floor(expiresAt / 1000).toString(16);
  return {
    type,
    url: `${baseUrl}/_emulator/cdn/${type}/${seq}/${encodeURIComponent(file)}?oe=${oe}`,
    ...(type === 'file' || name ? { name: file } : {}),
    ...(type === 'sticker' ? { stickerId: THUMBS_UP_STICKER_ID } : {}),
  };
}

/**
 * The URL as the Graph API hands it out now: Meta signs file URLs afresh on every read (valid for days
 * from then), while a URL a client stored earlier keeps its old expiry. Relative paths (generated history)
 * get the emulator's base.
 */
export function freshUrl(url: string, baseUrl: string, now: number): string {
  const u = new URL(url.startsWith('/') ? `${baseUrl}${url}` : url);
  u.searchParams.set('oe', Math.floor((now + MEDIA_URL_TTL_MS) / 1000).toString(16));
  return u.toString();
}

function pictureSvg(seq: number): string {
  const hue = (seq * 67) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
<rect width="480" height="360" fill="hsl(${hue},55%,72%)"/>
<circle cx="360" cy="90" r="44" fill="hsl(${(hue + 40) % 360},80%,88%)"/>
<path d="M0 360 L150 170 L260 290 L330 220 L480 360 Z" fill="hsl(${hue},45%,40%)"/>
</svg>`;
}

const STICKER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<circle cx="60" cy="60" r="56" fill="#0a7cff"/>
<path d="M34 56h12v34H34z M50 90V56l14-24c6 0 9 4 8 10l-3 12h17c5 0 8 4 7 9l-5 20c-1 5-5 7-9 7z" fill="#fff"/>
</svg>`;

/** One second of a quiet 440 Hz tone, 8 kHz 8-bit mono WAV (a valid file any player opens). */
function toneWav(): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate);
  for (let i = 0; i < rate; i++)
    data[i] = 128 + Math.round(20 * Math.sin((2 * Math.PI * 440 * i) / rate));
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate, 28);
  h.writeUInt16LE(1, 32);
  h.writeUInt16LE(8, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

const PDF = `%PDF-1.1
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`;

export function registerMedia(app: FastifyInstance, world: World): void {
  app.get('/_emulator/cdn/:type/:seq/:file', async (req, reply) => {
    const { type, seq } = req.params as { type: string; seq: string; file: string };
    const oe = Number.parseInt(String((req.query as { oe?: string }).oe ?? ''), 16);
    if (!Number.isFinite(oe) || oe * 1000 <= world.now())
      return reply.code(403).type('text/plain').send('URL signature expired');
    reply.header('cache-control', 'private, max-age=3600');
    switch (type) {
      case 'image':
        return reply.type('image/svg+xml').send(pictureSvg(Number(seq) || 0));
      case 'sticker':
        return reply.type('image/svg+xml').send(STICKER_SVG);
      case 'audio':
        return reply.type('audio/wav').send(toneWav());
      case 'file':
        return reply.type('application/pdf').send(PDF);
      case 'video':
        // No encoder here: the player shows its own error, the link still works.
        return reply.type('video/mp4').send(Buffer.alloc(0));
      default:
        return reply.code(404).type('text/plain').send('Not found');
    }
  });
}
