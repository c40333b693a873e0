import { useAuthStore } from './auth';
import { useJobsStore } from './jobs';
import { usePagesStore } from './pages';
import { removeAll } from './storage';

export { selectIsSignedIn, useAuthStore, type AuthUser, type AuthState } from './auth';
export { usePagesStore, type Page, type SelectedPage, type PagesState } from './pages';
export { useJobsStore, type JobsMap, type JobsState } from './jobs';
export { STORAGE_KEYS } from './storage';

/** Clears the three slices and every admin-scoped localStorage key (log out, 401/403). */
export function resetAll(): void {
  useAuthStore.getState().reset();
  usePagesStore.getState().reset();
  useJobsStore.getState().reset();
  removeAll();
}
