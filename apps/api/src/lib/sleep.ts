/** Resolves after `ms` milliseconds (never rejects). */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
