import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstDataDeferred } from '../src/lib/use-first-data-deferred';

/** Every value the hook returned, render by render. */
function track(initial: string[] | undefined) {
  const seen: Array<string[] | undefined> = [];
  const hook = renderHook(
    ({ data }) => {
      const value = useFirstDataDeferred(data);
      seen.push(value);
      return value;
    },
    { initialProps: { data: initial } },
  );
  return { ...hook, seen };
}

describe('useFirstDataDeferred', () => {
  it('renders first data in a second, deferred render; the urgent one keeps the loading state', () => {
    const { rerender, result, seen } = track(undefined);
    const rows = ['a', 'b'];
    seen.length = 0;
    act(() => rerender({ data: rows }));
    expect(seen[0]).toBeUndefined();
    expect(seen.at(-1)).toBe(rows);
    expect(result.current).toBe(rows);
  });

  it('renders later data at once (nothing shown goes back to loading)', () => {
    const first = ['a'];
    const { rerender, seen } = track(first);
    act(() => rerender({ data: first }));
    const next = ['a', 'b'];
    seen.length = 0;
    act(() => rerender({ data: next }));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v) => v === next)).toBe(true);
  });

  it('goes back to loading when the data goes (another chat opened), and defers its arrival again', () => {
    const first = ['a'];
    const { rerender, seen } = track(first);
    seen.length = 0;
    act(() => rerender({ data: undefined }));
    expect(seen.every((v) => v === undefined)).toBe(true);
    const other = ['x'];
    seen.length = 0;
    act(() => rerender({ data: other }));
    expect(seen[0]).toBeUndefined();
    expect(seen.at(-1)).toBe(other);
  });
});
