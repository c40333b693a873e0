// The open chat's tag selector (spec §2, §4). Keyboard pattern (WAI-ARIA APG "combobox with listbox popup",
// multi-select): the button opens a popover whose filter box is a combobox; ↑/↓ move the active tag
// (aria-activedescendant, the focus stays in the box), Enter adds or removes it, Esc closes and gives the focus
// back to the button, Tab leaves. The popover stays open so several tags can be changed in a row.
import { matchesName } from '@pagecast/contract';
import { Check, ChevronDown, Search, Tags } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge } from '../../primitives/badge';
import { cn } from '../../primitives/cn';
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

export const TAG_SELECTOR_TEXT = {
  trigger: 'Tags of this chat',
  filter: 'Filter tags',
  filterPlaceholder: 'Filter tags...',
  noMatch: 'No tag matches',
  hint: 'Enter adds or removes the highlighted tag',
  noTagsHint: 'Create tags in Manage Tags, then add them to chats here.',
} as const;

/** Tag selector of the open chat (spec §4): disabled while tags load, on a load error or during an update. */
export function TagSelector({
  tags,
  tagsLoading,
  tagsError,
  assigned,
  updating,
  onToggle,
}: TagSelectorProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const listId = `${ids}-list`;
  const optionId = (tagId: string) => `${ids}-opt-${tagId}`;

  // An update in flight disables the button; the open popover stays usable once it ends.
  const disabled = tagsLoading || tagsError || (updating && !open);
  const assignedIds = new Set(assigned.map((t) => t.id));
  const nameOf = (t: TagOption) =>
    tags.find((x) => x.id === t.id)?.name ?? (t.name || INBOX_TEXT.loadingTagName);
  const label = tagsLoading
    ? INBOX_TEXT.loadingTags
    : tagsError
      ? INBOX_TEXT.errorLoadingTags
      : 'Tags';
  const filtered = tags.filter((t) => matchesName(t.name, query));
  const active = filtered[Math.min(activeIndex, filtered.length - 1)] ?? null;

  useEffect(() => {
    if (!open) return;
    // Into the filter box; with no tags to filter, onto the popover itself (Esc still closes it).
    (inputRef.current ?? popoverRef.current)?.focus();
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target))
        setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  // Keep the highlighted tag in view while arrowing through a long list.
  const activeId = active?.id ?? null;
  useEffect(() => {
    if (!open || activeId === null) return;
    document.getElementById(`${ids}-opt-${activeId}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeId, ids]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    setActiveIndex(0);
    if (refocus) triggerRef.current?.focus();
  };
  const toggle = (t: TagOption) => {
    if (updating) return;
    onToggle(t.id, !assignedIds.has(t.id));
  };

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = filtered.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setActiveIndex((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setActiveIndex((i) => (i <= 0 ? last : Math.min(i, last) - 1));
        break;
      case 'PageDown':
        e.preventDefault();
        setActiveIndex(last);
        break;
      case 'PageUp':
        e.preventDefault();
        setActiveIndex(0);
        break;
      case 'Enter':
        e.preventDefault();
        if (active) toggle(active);
        break;
      case 'Escape':
        // Handled here so the inbox shortcuts do not also act on it.
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className="relative flex min-w-0 items-center gap-2">
      <div className="hidden min-w-0 flex-wrap items-center gap-1 sm:flex" data-testid="chat-tags">
        {assigned.slice(0, 3).map((t) => (
          <Badge key={t.id} variant="secondary" className="max-w-32 truncate" title={nameOf(t)}>
            <span className="truncate">{nameOf(t)}</span>
          </Badge>
        ))}
        {assigned.length > 3 ? <Badge variant="outline">+{assigned.length - 3}</Badge> : null}
      </div>
      <button
        ref={triggerRef}
        type="button"
        disabled={disabled}
        aria-label={TAG_SELECTOR_TEXT.trigger}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${ids}-popover` : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={cn(
          'inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-md border border-border bg-background px-3 text-sm shadow-xs hover:bg-accent',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
          'disabled:cursor-not-allowed disabled:opacity-50',
          tagsError && 'text-destructive',
        )}
      >
        <Tags aria-hidden="true" className="size-4" />
        <span>{label}</span>
        {assigned.length > 0 ? (
          <span className="text-xs text-muted-foreground sm:hidden">
            {assigned.length}
            <span className="sr-only"> assigned</span>
          </span>
        ) : null}
        <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
      </button>
      {open ? (
        <div
          ref={popoverRef}
          id={`${ids}-popover`}
          role="dialog"
          aria-label={TAG_SELECTOR_TEXT.trigger}
          tabIndex={-1}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close(true);
            } else if (e.key === 'Tab' && tags.length === 0) close(false);
          }}
          className="absolute top-full right-0 z-50 mt-1 grid w-64 outline-hidden max-w-[calc(100vw-1.5rem)] gap-1 rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg motion-safe:animate-zoom-in"
        >
          {tags.length > 0 ? (
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <input
                ref={inputRef}
                type="text"
                role="combobox"
                aria-label={TAG_SELECTOR_TEXT.filter}
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={active ? optionId(active.id) : undefined}
                aria-describedby={`${ids}-hint`}
                placeholder={TAG_SELECTOR_TEXT.filterPlaceholder}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActiveIndex(0);
                }}
                onKeyDown={onInputKey}
                className="h-9 w-full rounded-md bg-transparent pr-2 pl-8 text-sm outline-hidden placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
              />
              <span id={`${ids}-hint`} className="sr-only">
                {TAG_SELECTOR_TEXT.hint}
              </span>
            </div>
          ) : null}
          {tags.length === 0 ? (
            <div className="grid gap-0.5 px-2 py-1.5 text-sm">
              <p className="font-medium">{INBOX_TEXT.noTags}</p>
              <p className="text-muted-foreground">{TAG_SELECTOR_TEXT.noTagsHint}</p>
            </div>
          ) : (
            <div className="h-px bg-border" role="none" />
          )}
          <ul
            id={listId}
            role="listbox"
            aria-label="Tags"
            aria-multiselectable="true"
            aria-busy={updating || undefined}
            hidden={filtered.length === 0}
            className="max-h-[260px] overflow-y-auto"
          >
            {filtered.map((t) => {
              const on = assignedIds.has(t.id);
              const isActive = active?.id === t.id;
              return (
                <li
                  key={t.id}
                  id={optionId(t.id)}
                  role="option"
                  aria-selected={on}
                  aria-disabled={updating || undefined}
                  data-active={isActive || undefined}
                  // Keep the focus in the filter box on click.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => toggle(t)}
                  onMouseMove={() => setActiveIndex(filtered.indexOf(t))}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                    'data-[active]:bg-accent data-[active]:text-accent-foreground',
                    'aria-disabled:cursor-progress aria-disabled:opacity-60',
                  )}
                >
                  <Check aria-hidden="true" className={cn('size-4 shrink-0', !on && 'invisible')} />
                  <bdi className="truncate" title={t.name}>
                    {t.name}
                  </bdi>
                </li>
              );
            })}
          </ul>
          {tags.length > 0 && filtered.length === 0 ? (
            <p role="status" className="px-2 py-1.5 text-sm text-muted-foreground">
              {TAG_SELECTOR_TEXT.noMatch}
            </p>
          ) : null}
        </div>
      ) : null}
      {tagsError ? <span className="sr-only">{INBOX_TEXT.errorLoadingTags}</span> : null}
    </div>
  );
}
