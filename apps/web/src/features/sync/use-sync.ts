// Page sync on the client (spec §4 "Sync"): request a sync when the selected page is not fully synced,
// track its job id in the jobs slice, poll its status every 5 s while a job id exists, and clear it on
// completed / not_found / failed.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SyncStatus } from '@pagecast/contract';
import { toast } from '@pagecast/ui';
import { SYNC_TEXT } from '@pagecast/ui/screens/sync';
import { queryKeys } from '../../lib/query-keys';
import { useJobsStore, usePagesStore } from '../../stores';
import { useStartSync, useSyncStatusQuery } from './queries';

const TERMINAL: ReadonlyArray<SyncStatus['status']> = ['completed', 'not_found', 'failed'];

/** The tracked job's status, polled every 5 s while the page has a job id (shared by every caller). */
function useTrackedSyncStatus(pageId: string | null | undefined) {
  const jobId = useJobsStore((s) => (pageId ? s.jobs[pageId] : undefined));
  const query = useSyncStatusQuery(jobId);
  const status = jobId ? (query.data ?? null) : null;
  return { jobId, status };
}

export interface SyncState {
  /** Spec §4: isActive, status 'running' or state 'waiting'. */
  isSyncing: boolean;
  progress: { processed: number; total: number | null } | null;
}

/** For screens (Schedule's banner and its disabled submit): is this page syncing, and how far. */
export function useSyncState(pageId: string | null | undefined): SyncState {
  const { jobId, status } = useTrackedSyncStatus(pageId);
  if (!jobId || !status) return { isSyncing: false, progress: null };
  const isSyncing = status.isActive || status.status === 'running' || status.state === 'waiting';
  return { isSyncing, progress: isSyncing ? status.progress : null };
}

/** Seconds left at the pace seen since this screen first saw the sync running (null until it moved). */
export function useSyncEta(progress: SyncState['progress']): number | null {
  const [first, setFirst] = useState<{ at: number; processed: number } | null>(null);
  const processed = progress?.processed ?? null;
  useEffect(() => {
    if (processed === null) setFirst(null);
    else setFirst((f) => (f && processed >= f.processed ? f : { at: Date.now(), processed }));
  }, [processed]);
  if (!progress || progress.total === null || !first) return null;
  const done = progress.processed - first.processed;
  const seconds = (Date.now() - first.at) / 1000;
  if (done <= 0 || seconds < 1) return null;
  return Math.max(0, (progress.total - progress.processed) / (done / seconds));
}

/**
 * Mounted once by the dashboard layout: starts the sync of a page that is not fully synced and reacts to
 * the end of the tracked job (clears it; a failure shows its reason; success marks the page synced and
 * refreshes the data that depends on its contacts).
 */
export function useSyncWatcher(): void {
  const queryClient = useQueryClient();
  const page = usePagesStore((s) => s.selectedPage);
  const pageId = page?.pageId;
  const { jobId, status } = useTrackedSyncStatus(pageId);
  const addJob = useJobsStore((s) => s.addJob);
  const removeJob = useJobsStore((s) => s.removeJob);
  const requested = useRef(new Set<string>());
  const { mutateAsync: startSync } = useStartSync();

  useEffect(() => {
    if (!page || page.syncScope === 'full' || jobId || requested.current.has(page.pageId)) return;
    requested.current.add(page.pageId);
    const id = page.pageId;
    startSync(id)
      .then((job) => {
        if (job.jobId) {
          addJob(id, job.jobId);
          toast.info(SYNC_TEXT.toast);
        }
      })
      .catch((err: unknown) => console.error('Page sync request failed', err));
  }, [page, jobId, addJob, startSync]);

  useEffect(() => {
    if (!pageId || !jobId || !status || !TERMINAL.includes(status.status)) return;
    removeJob(pageId);
    if (status.status === 'failed') {
      toast.error(status.error ?? 'The page sync failed');
      return;
    }
    if (status.status === 'completed') {
      markPageSynced(pageId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox.recipients(pageId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tags.list(pageId) });
      // What the sync also brought: Home's counts, Schedule's audience, the utility templates, the subscribers.
      void queryClient.invalidateQueries({ queryKey: queryKeys.overview(pageId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.campaigns.pageAudiences(pageId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.marketing.setup(pageId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.templates.list(pageId) });
    }
  }, [pageId, jobId, status, removeJob, queryClient]);
}

/** The page's syncScope becomes 'full' in the pages store (selected page and list). */
function markPageSynced(pageId: string): void {
  const { pages, selectedPage, setPages, setSelectedPage } = usePagesStore.getState();
  if (selectedPage?.pageId === pageId && selectedPage.syncScope !== 'full') {
    setSelectedPage({ ...selectedPage, syncScope: 'full' });
  }
  if (pages.some((p) => p.pageId === pageId && p.syncScope !== 'full')) {
    setPages(pages.map((p) => (p.pageId === pageId ? { ...p, syncScope: 'full' } : p)));
  }
}
