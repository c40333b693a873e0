// Local updates of the page's tag list after create / rename / delete (spec §4: "the page's tag list
// gains the new tag (the page is updated locally)"): the tags query and the pages store.
import type { QueryClient } from '@tanstack/react-query';
import type { Page, Tag, TagListItem } from '@pagecast/contract';
import { queryKeys } from '../../lib/query-keys';
import { usePagesStore } from '../../stores';

const byName = (a: TagListItem, b: TagListItem) =>
  a.tag.name.toLowerCase().localeCompare(b.tag.name.toLowerCase()) ||
  a.tag.id.localeCompare(b.tag.id);

export type TagsChange = { type: 'upsert'; tag: Tag } | { type: 'remove'; id: string };

function applyToList(items: TagListItem[], change: TagsChange): TagListItem[] {
  if (change.type === 'remove') return items.filter((i) => i.tag.id !== change.id);
  const { id, name, description } = change.tag;
  const existing = items.find((i) => i.tag.id === id);
  const rest = items.filter((i) => i.tag.id !== id);
  return [...rest, { tag: { id, name, description }, count: existing?.count ?? 0 }].sort(byName);
}

function applyToPage(page: Page, change: TagsChange): Page {
  const rest = page.tags.filter(
    (t) => t.id !== (change.type === 'remove' ? change.id : change.tag.id),
  );
  return { ...page, tags: change.type === 'remove' ? rest : [...rest, change.tag] };
}

/** Applies a tag change to every local copy of the page's tags. */
export function applyTagChange(queryClient: QueryClient, pageId: string, change: TagsChange): void {
  queryClient.setQueryData<TagListItem[]>(queryKeys.tags.list(pageId), (items) =>
    items ? applyToList(items, change) : items,
  );
  const { pages, setPages } = usePagesStore.getState();
  if (pages.some((p) => p.pageId === pageId)) {
    setPages(pages.map((p) => (p.pageId === pageId ? applyToPage(p, change) : p)));
  }
}
