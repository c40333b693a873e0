// Test failures instead of non-null assertions.

/** The value, or a test failure when it is missing. */
export function must<T>(v: T | null | undefined, what = 'value'): T {
  if (v === null || v === undefined) throw new Error(`missing ${what}`);
  return v;
}

/** The i-th element, or a test failure. */
export function at<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`expected an element at ${i}`);
  return item;
}
