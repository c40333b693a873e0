/** While a campaign dispatches, its numbers refresh this often. */
export const LIVE_POLL_MS = 2000;
