import { useDeferredValue } from 'react';

/**
 * `data`, except on its arrival after none: that render gets `undefined` (the screen keeps its loading state)
 * and React renders the data as a deferred update, in slices that yield to the browser. A query's answer
 * otherwise re-renders through useSyncExternalStore, which React always renders in one blocking task: on a
 * phone, the inbox's first screenful of rows was one long task. Once shown, later answers (a sent message,
 * a live event, a search with the previous rows kept) render at once as before, so nothing shown flickers.
 */
export function useFirstDataDeferred<T>(data: T | undefined): T | undefined {
  const deferred = useDeferredValue(data);
  return deferred === undefined ? undefined : data;
}
