// Files and stickers in a chat bubble, as Messenger shows them: pictures and stickers inline (lazy, in a
// box of fixed size so the virtualized list does not jump when they load), sound and video in players,
// anything else as a link. Meta's file URLs expire after some days: a file that no longer loads says so.
import type { MessageAttachment } from '@pagecast/contract';
import { FileText, ImageOff, Link as LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../primitives/cn';
import { RemoteImage } from '../../primitives/remote-image';
import { INBOX_TEXT } from './text';

export function MessageAttachments({
  attachments,
  own,
}: {
  attachments: readonly MessageAttachment[];
  own: boolean;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={INBOX_TEXT.attachmentsLabel} className="grid gap-1.5">
      {attachments.map((a, i) => (
        <li key={`${a.type}:${a.url ?? ''}:${i}`}>
          <Attachment attachment={a} own={own} />
        </li>
      ))}
    </ul>
  );
}

function Attachment({ attachment: a, own }: { attachment: MessageAttachment; own: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!a.url || failed) return <Unavailable type={a.type} />;
  // An image that cannot load shows as unavailable, like a missing one.
  const image = {
    src: a.url,
    loading: 'lazy',
    decoding: 'async',
    fallback: <Unavailable type={a.type} />,
  } as const;
  switch (a.type) {
    case 'image':
      return (
        <a href={a.url} target="_blank" rel="noreferrer noopener" className="block">
          <RemoteImage
            {...image}
            alt={INBOX_TEXT.photoAlt}
            width={240}
            height={180}
            className="h-[180px] w-[240px] max-w-full rounded-lg bg-black/5 object-cover"
          />
        </a>
      );
    case 'sticker':
      return (
        <RemoteImage
          {...image}
          alt={INBOX_TEXT.stickerAlt}
          width={96}
          height={96}
          className="size-24 object-contain"
        />
      );
    case 'audio':
      return (
        <audio
          controls
          preload="none"
          src={a.url}
          onError={() => setFailed(true)}
          aria-label={INBOX_TEXT.voiceMessage}
          className="h-10 w-60 max-w-full"
        />
      );
    case 'video':
      return (
        <video
          controls
          preload="none"
          src={a.url}
          width={240}
          height={135}
          aria-label={INBOX_TEXT.video}
          className="h-[135px] w-[240px] max-w-full rounded-lg bg-black"
        />
      );
    default:
      return (
        <a
          href={a.url}
          target="_blank"
          rel="noreferrer noopener"
          className={cn(
            'inline-flex max-w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm underline-offset-2 hover:underline',
            own ? 'bg-primary-foreground/15' : 'bg-background/70',
          )}
        >
          {a.type === 'file' ? (
            <FileText aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <LinkIcon aria-hidden="true" className="size-4 shrink-0" />
          )}
          <span className="truncate">
            {a.name ?? (a.type === 'file' ? INBOX_TEXT.file : INBOX_TEXT.attachment)}
          </span>
        </a>
      );
  }
}

function Unavailable({ type }: { type: MessageAttachment['type'] }) {
  return (
    <p className="flex items-center gap-2 rounded-md border border-dashed border-current/30 px-2.5 py-2 text-xs opacity-80">
      <ImageOff aria-hidden="true" className="size-4 shrink-0" />
      {INBOX_TEXT.attachmentGone(type)}
    </p>
  );
}
