/** Query keys of the campaigns feature (spec §3 cache tag CAMPAIGN). */
export const campaignKeys = {
  all: ['CAMPAIGN'] as const,
  list: (pageId: string, page: number) => ['CAMPAIGN', 'list', pageId, page] as const,
  detail: (id: string) => ['CAMPAIGN', 'detail', id] as const,
  recipients: (id: string, page: number, outcome: string) => ['CAMPAIGN', 'recipients', id, page, outcome] as const,
  audience: (pageId: string, tagId: string) => ['CAMPAIGN', 'audience', pageId, tagId] as const,
};

/** While a campaign dispatches, its numbers refresh this often. */
export const LIVE_POLL_MS = 2000;
