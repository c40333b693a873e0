// The sync feature's face: what other features and routes may use.
export { SyncHeaderProgress } from './sync-header-progress';
export { useSyncState, useSyncWatcher, type SyncState } from './use-sync';
