import { matchesName } from '@pagecast/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../primitives/button';
import { Checkbox } from '../../primitives/checkbox';
import { SearchInput } from '../../primitives/input';
import { Spinner } from '../../primitives/spinner';
import { INBOX_TEXT } from './text';
import type { TagOption } from './tag-selector';

export interface BulkTagPanelProps {
  selectedCount: number;
  tags: TagOption[];
  tagsLoading: boolean;
  tagsError: boolean;
  running: boolean;
  /** 0–100 while (or after) applying; null before the first run. */
  progress: number | null;
  onApply: (add: string[], remove: string[]) => void;
}

/** Spec §2 Bulk Tag Assignment: choose tags to add and to remove for every ticked chat, then apply. */
export function BulkTagPanel(props: BulkTagPanelProps) {
  const [add, setAdd] = useState<ReadonlySet<string>>(new Set());
  const [remove, setRemove] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const shown = props.tags.filter((t) => matchesName(t.name, query));
  const toggle = (which: 'add' | 'remove', id: string) => {
    const [mine, setMine, setOther] =
      which === 'add' ? [add, setAdd, setRemove] : [remove, setRemove, setAdd];
    const next = new Set(mine);
    if (next.has(id)) next.delete(id);
    else {
      next.add(id);
      // A tag is either added or removed, never both.
      setOther((other) => {
        const o = new Set(other);
        o.delete(id);
        return o;
      });
    }
    setMine(next);
  };
  const nothing = add.size === 0 && remove.size === 0;
  // A finished run starts the next one from a clean panel (the chats stay selected).
  const wasRunning = useRef(props.running);
  useEffect(() => {
    if (wasRunning.current && !props.running) {
      setAdd(new Set());
      setRemove(new Set());
    }
    wasRunning.current = props.running;
  }, [props.running]);

  return (
    <section aria-labelledby="bulk-tag-title" className="flex h-full min-h-0 flex-col">
      <div className="border-b border-border p-4">
        <h2 id="bulk-tag-title" className="text-lg font-semibold">
          {INBOX_TEXT.bulkTitle}
        </h2>
        <p className="text-sm text-muted-foreground">
          {INBOX_TEXT.bulkSubtitle(props.selectedCount)}
        </p>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {props.tagsLoading ? (
          <p className="text-sm text-muted-foreground">{INBOX_TEXT.loadingTags}</p>
        ) : props.tagsError ? (
          <p role="alert" className="text-sm text-destructive">
            {INBOX_TEXT.errorLoadingTags}
          </p>
        ) : props.tags.length === 0 ? (
          <p className="text-sm text-muted-foreground">{INBOX_TEXT.noTags}</p>
        ) : (
          <>
            <SearchInput
              wrapperClassName="mb-3"
              aria-label="Filter tags"
              placeholder="Filter tags..."
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="h-9"
            />
            {shown.length === 0 ? (
              <p role="status" className="text-sm text-muted-foreground">
                No tag matches
              </p>
            ) : null}
            <table
              className="w-full table-fixed text-sm [&_input]:align-middle [&_td]:align-middle"
              hidden={shown.length === 0}
            >
              <caption className="sr-only">
                Tags to add to or remove from the selected chats
              </caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th className="pb-2 font-medium">Tag</th>
                  <th className="w-20 pb-2 text-center font-medium">Add</th>
                  <th className="w-20 pb-2 text-center font-medium">Remove</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((t) => (
                  <tr key={t.id} className="border-t border-border">
                    <td className="truncate py-2 pr-2" title={t.name}>
                      <bdi>{t.name}</bdi>
                    </td>
                    <td className="py-2 text-center">
                      <Checkbox
                        aria-label={`Add ${t.name}`}
                        checked={add.has(t.id)}
                        disabled={props.running}
                        onChange={() => toggle('add', t.id)}
                      />
                    </td>
                    <td className="py-2 text-center">
                      <Checkbox
                        aria-label={`Remove ${t.name}`}
                        checked={remove.has(t.id)}
                        disabled={props.running}
                        onChange={() => toggle('remove', t.id)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </div>
      <div className="grid gap-3 border-t border-border p-4">
        {props.progress !== null ? (
          <div className="grid gap-1">
            <div
              role="progressbar"
              aria-label="Bulk tag progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={props.progress}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full bg-primary transition-[width]"
                style={{ width: `${props.progress}%` }}
              />
            </div>
            <p className="text-right text-xs text-muted-foreground tabular-nums">
              {props.progress}%
            </p>
          </div>
        ) : null}
        {/* While running (or with nothing chosen, as after a run) the button is aria-disabled, not
            disabled: a disabled button drops the keyboard focus to the page, and a keyboard user would
            have to find their way back. */}
        <Button
          onClick={() => {
            if (!props.running && !nothing) props.onApply([...add], [...remove]);
          }}
          disabled={props.selectedCount === 0}
          aria-disabled={props.running || nothing || undefined}
          aria-busy={props.running || undefined}
        >
          {props.running ? <Spinner size="sm" /> : null}
          Apply to {props.selectedCount} chat(s)
        </Button>
      </div>
    </section>
  );
}
