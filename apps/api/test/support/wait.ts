// The one way a test waits for something another process or job does.

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `check` until it returns a truthy value and returns that value; fails after `timeoutMs`.
 * Truthy, not "defined": a count of 0 or an empty string means "not yet".
 */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  options: {
    timeoutMs?: number;
    everyMs?: number;
    /** What is awaited, for the failure. */ what?: string;
  } = {},
): Promise<T> {
  const { timeoutMs = 20_000, everyMs = 100, what = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`waitFor: ${what} not met in time`);
    await sleep(everyMs);
  }
}
