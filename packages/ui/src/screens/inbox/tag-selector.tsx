import { Check, ChevronDown, Tags } from 'lucide-react';
import { Badge } from '../../primitives/badge';
import { cn } from '../../primitives/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../primitives/dropdown-menu';
import { INBOX_TEXT } from './text';

export interface TagOption {
  id: string;
  name: string;
}

export interface TagSelectorProps {
  /** The page's tags. */
  tags: TagOption[];
  tagsLoading: boolean;
  tagsError: boolean;
  /** Tags on the open chat (ids); a name not known yet shows 'Loading...'. */
  assigned: TagOption[];
  updating: boolean;
  onToggle: (tagId: string, assign: boolean) => void;
}

/** Tag selector of the open chat (spec §4): disabled while tags load, on a load error or during an update. */
export function TagSelector({ tags, tagsLoading, tagsError, assigned, updating, onToggle }: TagSelectorProps) {
  const disabled = tagsLoading || tagsError || updating;
  const assignedIds = new Set(assigned.map((t) => t.id));
  const nameOf = (t: TagOption) => tags.find((x) => x.id === t.id)?.name ?? (t.name || INBOX_TEXT.loadingTagName);
  const label = tagsLoading ? INBOX_TEXT.loadingTags : tagsError ? INBOX_TEXT.errorLoadingTags : 'Tags';
  return (
    <div className="flex min-w-0 items-center gap-2">
      <div className="hidden min-w-0 flex-wrap items-center gap-1 sm:flex">
        {assigned.slice(0, 3).map((t) => (
          <Badge key={t.id} variant="secondary" className="max-w-32 truncate">
            {nameOf(t)}
          </Badge>
        ))}
        {assigned.length > 3 ? <Badge variant="outline">+{assigned.length - 3}</Badge> : null}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger
          disabled={disabled}
          aria-label="Tags of this chat"
          className={cn(
            'h-9 shrink-0 border border-border bg-background px-3 text-sm shadow-xs hover:bg-accent',
            'disabled:cursor-not-allowed disabled:opacity-50',
            tagsError && 'text-destructive',
          )}
        >
          <Tags aria-hidden="true" className="size-4" />
          <span>{label}</span>
          {assigned.length > 0 ? <span className="text-xs text-muted-foreground sm:hidden">{assigned.length}</span> : null}
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-[300px] min-w-48 overflow-y-auto">
          {tags.length === 0 ? (
            <DropdownMenuLabel className="font-normal text-muted-foreground">{INBOX_TEXT.noTags}</DropdownMenuLabel>
          ) : (
            tags.map((t) => {
              const on = assignedIds.has(t.id);
              return (
                <DropdownMenuItem key={t.id} onSelect={() => onToggle(t.id, !on)}>
                  <Check aria-hidden="true" className={cn(!on && 'invisible')} />
                  <span className="truncate">{t.name}</span>
                  {on ? <span className="sr-only">(assigned)</span> : null}
                </DropdownMenuItem>
              );
            })
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {tagsError ? <span className="sr-only">{INBOX_TEXT.errorLoadingTags}</span> : null}
    </div>
  );
}
