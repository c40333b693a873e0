import type { Page } from '@pagecast/contract';
import { ExternalLink } from 'lucide-react';
import { Avatar } from '../../primitives/avatar';
import { buttonVariants } from '../../primitives/button';
import { cn } from '../../primitives/cn';
import { SELECT_TEXT as T } from './texts';

export const pageUrl = (pageId: string) => `https://www.facebook.com/${encodeURIComponent(pageId)}`;

/** One administered page: picture, name (the whole card picks it), its id and a link to it on Facebook. */
export function PageCard({
  page,
  disabled,
  onSelect,
}: {
  page: Page;
  disabled: boolean;
  onSelect: (page: Page) => void;
}) {
  return (
    <li
      className={cn(
        'relative flex flex-col gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-xs transition',
        'focus-within:ring-2 focus-within:ring-ring hover:border-primary/50 hover:shadow-md',
        disabled && 'opacity-60',
      )}
    >
      <div className="flex items-center gap-3">
        <Avatar src={page.profilePicture} name={page.name} size="lg" />
        <div className="grid min-w-0 gap-0.5">
          {/* The stretched button makes the whole card clickable without nesting the link inside it. */}
          <button
            type="button"
            disabled={disabled}
            onClick={() => onSelect(page)}
            className="line-clamp-2 text-left text-base font-semibold break-words outline-hidden after:absolute after:inset-0 after:rounded-xl after:content-[''] disabled:cursor-wait"
          >
            <bdi>{page.name}</bdi>
          </button>
          <span className="text-xs text-muted-foreground">
            {T.pageId} <span className="font-mono">{page.pageId}</span>
          </span>
        </div>
      </div>
      <a
        href={pageUrl(page.pageId)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({
          variant: 'link',
          className: 'relative z-10 w-fit gap-1 text-sm',
        })}
      >
        {T.viewPage}
        <ExternalLink aria-hidden="true" className="size-3.5" />
        <span className="sr-only"> {page.name} (opens in a new tab)</span>
      </a>
    </li>
  );
}
