// Multi-select in the inbox and the bulk tag run: every add/remove call for every ticked chat, a few at a
// time, with progress; failures are counted, not retried.
import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkTagProgress } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import type { InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { queryKeys, type RecipientSearch } from '../../lib/query-keys';
import { bulkTagChunk, countRecipients, setChatTag } from './queries';

/** Parallel add/remove calls of a bulk tag run. */
export const BULK_CONCURRENCY = 4;

export type BulkTaggingProps = Pick<
  InboxScreenProps,
  | 'multiSelect'
  | 'onMultiSelectChange'
  | 'checkedIds'
  | 'onToggleChecked'
  | 'bulkRunning'
  | 'bulkProgress'
  | 'onBulkApply'
  | 'matchingCount'
  | 'allMatchingSelected'
  | 'onSelectAllMatching'
>;

/** Contacts per call of a bulk run by search (progress moves after each). */
export const BULK_CHUNK = 500;

/**
 * `match`: the inbox's current search and filters; 'Select all N matching' tags every contact it matches
 * on the server (in chunks, with progress) instead of one call per chat and tag.
 */
export function useBulkTagging(pageId: string, match: RecipientSearch): BulkTaggingProps {
  const queryClient = useQueryClient();
  const [multiSelect, setMultiSelect] = useState(false);
  const [checkedIds, setCheckedIds] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [bulkRunning, setBulkRunning] = useState(false);
  const [bulkProgress, setBulkProgress] = useState<number | null>(null);
  const count = useQuery({
    queryKey: queryKeys.inbox.recipientsCount(pageId, match),
    queryFn: () => countRecipients(pageId, match),
    enabled: multiSelect,
  });
  // A new search selects nothing yet.
  const [matchKey, setMatchKey] = useState(JSON.stringify(match));
  if (matchKey !== JSON.stringify(match)) {
    setMatchKey(JSON.stringify(match));
    setAllMatching(false);
  }
  // Stable: the conversation rows are memoized on their callbacks.
  const onToggleChecked = useCallback((id: string) => {
    // Picking chats one by one leaves 'all matching'.
    setAllMatching(false);
    setCheckedIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const onMultiSelectChange = (on: boolean) => {
    setMultiSelect(on);
    if (!on) {
      setCheckedIds(new Set());
      setAllMatching(false);
    }
    setBulkProgress(null);
  };

  const applyToMatching = async (add: string[], remove: string[], total: number) => {
    setBulkRunning(true);
    setBulkProgress(0);
    let done = 0;
    let after: string | null = null;
    try {
      do {
        const r = await bulkTagChunk({ pageId, add, remove, match, after, limit: BULK_CHUNK });
        done += r.processed;
        after = r.nextAfter;
        setBulkProgress(Math.min(100, Math.round((done / Math.max(1, total)) * 100)));
      } while (after);
      setBulkProgress(100);
      toast.success(`Tags updated for ${done} chat(s)`);
    } catch (err) {
      console.error('Bulk tag update failed', err);
      toast.error(
        `Tags were updated for ${done} chat(s), then it failed. Apply again for the rest.`,
      );
    } finally {
      setBulkRunning(false);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.inbox.conversations(pageId) }),
    ]);
  };

  const apply = async (add: string[], remove: string[]) => {
    if (allMatching && count.data !== undefined) return applyToMatching(add, remove, count.data);
    const chats = [...checkedIds];
    const ops = chats.flatMap((userId) => [
      ...add.map((tagId) => () => setChatTag({ userId, tagId, pageId }, true)),
      ...remove.map((tagId) => () => setChatTag({ userId, tagId, pageId }, false)),
    ]);
    setBulkRunning(true);
    setBulkProgress(0);
    let completed = 0;
    let failed = 0;
    let next = 0;
    const worker = async () => {
      while (next < ops.length) {
        const op = ops[next++] as () => Promise<unknown>;
        try {
          await op();
        } catch (err) {
          failed++;
          console.error('Bulk tag update failed', err);
        }
        completed++;
        setBulkProgress(bulkTagProgress(completed, add.length, remove.length, chats.length));
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ops.length) }, worker));
    setBulkRunning(false);
    if (failed > 0)
      toast.error(`${failed} of ${ops.length} tag updates failed. Try again for the rest.`);
    else toast.success(`Tags updated for ${chats.length} chat(s)`);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.inbox.conversations(pageId) }),
    ]);
  };

  return {
    multiSelect,
    onMultiSelectChange,
    checkedIds,
    onToggleChecked,
    bulkRunning,
    bulkProgress,
    onBulkApply: (add, remove) => void apply(add, remove),
    matchingCount: count.data ?? null,
    allMatchingSelected: allMatching,
    onSelectAllMatching: setAllMatching,
  };
}
