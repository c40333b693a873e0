// The sync feature's face: what other features, routes and entries may use; its other files are its own.
export { SyncHeaderProgress } from './sync-header-progress';
export { useSyncState, useSyncWatcher, type SyncState } from './use-sync';
