// jobs slice (spec §3/§4): page id -> sync job id. At most one job per page: adding replaces.
import { create } from 'zustand';
import { STORAGE_KEYS, isRecord, readJson, write } from './storage';

export type JobsMap = Record<string, string>;

const isJobsMap = (value: unknown): value is JobsMap =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

export interface JobsState {
  jobs: JobsMap;
  addJob: (pageId: string, jobId: string) => void;
  removeJob: (pageId: string) => void;
  reset: () => void;
}

export const useJobsStore = create<JobsState>()((set, get) => {
  const save = (jobs: JobsMap) => {
    write(STORAGE_KEYS.jobs, Object.keys(jobs).length > 0 ? jobs : null);
    set({ jobs });
  };
  return {
    jobs: readJson(STORAGE_KEYS.jobs, isJobsMap) ?? {},
    addJob: (pageId, jobId) => save({ ...get().jobs, [pageId]: jobId }),
    removeJob: (pageId) => {
      const { [pageId]: _removed, ...rest } = get().jobs;
      save(rest);
    },
    reset: () => save({}),
  };
});
