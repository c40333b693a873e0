import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSyncEta } from '../src/features/sync/use-sync';

afterEach(() => vi.useRealTimers());

describe('useSyncEta', () => {
  it('is null until the sync moves, then the time left at the pace seen so far', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') });
    const { result, rerender } = renderHook(
      ({ processed }) => useSyncEta({ processed, total: 1000 }),
      { initialProps: { processed: 100 } },
    );
    expect(result.current).toBeNull();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    rerender({ processed: 200 }); // 100 in 10 s: 10/s, 800 left
    expect(result.current).toBeCloseTo(80, 5);
  });

  it('is null without a total or without progress', () => {
    type Progress = { processed: number; total: number | null } | null;
    const start: { progress: Progress } = { progress: { processed: 10, total: null } };
    const { result, rerender } = renderHook(({ progress }) => useSyncEta(progress), {
      initialProps: start,
    });
    expect(result.current).toBeNull();
    rerender({ progress: null });
    expect(result.current).toBeNull();
  });
});
