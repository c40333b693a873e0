import { SyncBanner, SyncProgress } from '@pagecast/ui/screens/sync';
import { usePagesStore } from '../../stores';
import { useSyncEta, useSyncState } from './use-sync';

export { SyncBanner };
export { useSyncState, useSyncWatcher, type SyncState } from './use-sync';

/** The dashboard header's progress while the selected page syncs (nothing otherwise). */
export function SyncHeaderProgress() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const { isSyncing, progress } = useSyncState(pageId);
  const etaSeconds = useSyncEta(progress);
  if (!isSyncing) return null;
  return (
    <SyncProgress
      processed={progress?.processed ?? 0}
      total={progress?.total ?? null}
      etaSeconds={etaSeconds}
    />
  );
}
