// Multi-select in the inbox and the bulk tag run: every add/remove call for every ticked chat, a few at a
// time, with progress; failures are counted, not retried.
import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bulkTagProgress } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import type { InboxScreenProps } from '@pagecast/ui/screens/inbox';
import { queryKeys } from '../../lib/query-keys';
import { setChatTag } from './queries';

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
>;

export function useBulkTagging(pageId: string): BulkTaggingProps {
  const queryClient = useQueryClient();
  const [multiSelect, setMultiSelect] = useState(false);
  const [checkedIds, setCheckedIds] = useState<ReadonlySet<string>>(new Set());
  const [bulkRunning, setBulkRunning] = useState(false);
  const [bulkProgress, setBulkProgress] = useState<number | null>(null);
  // Stable: the conversation rows are memoized on their callbacks.
  const onToggleChecked = useCallback(
    (id: string) =>
      setCheckedIds((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const onMultiSelectChange = (on: boolean) => {
    setMultiSelect(on);
    if (!on) setCheckedIds(new Set());
    setBulkProgress(null);
  };

  const apply = async (add: string[], remove: string[]) => {
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
      queryClient.invalidateQueries({ queryKey: queryKeys.chats.conversations(pageId) }),
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
  };
}
