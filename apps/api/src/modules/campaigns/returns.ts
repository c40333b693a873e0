// Deliver on return: a campaign may keep the recipients it skipped (no path reached them) waiting until
// `deliver_on_return_until`. When one of them writes to the page in that time, their row goes back to the
// queue ('skipped' -> 'queued', `returned_at` set) and the campaign workers send it in the fresh 24-hour
// window (modules/campaigns/dispatch/returns.ts). Once per recipient and campaign: a row with `returned_at` never returns
// again, and a replayed webhook finds no skipped row to take up. The statements are
// dispatch/repo/send.ts#takeUpReturnedRows and #claimReturnedRows.
import { MESSAGING_WINDOW_MS, RETURNABLE_SKIP_REASONS } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';
import { retryOnConflict } from '../../db/conflicts.js';
import type { AfterCommit } from '../shared/after-commit.js';
import { takeUpReturnedRows } from './dispatch/repo/send.js';

/**
 * The contact (page `fbPageId`, `psid`) wrote at `at`: their waiting rows go back to the queue, and each
 * campaign's skipped counter drops by as many, in one statement. Returns how many rows were taken up.
 */
export async function takeUpReturns(
  db: Sql,
  fbPageId: string,
  psid: string,
  at: Date,
): Promise<number> {
  // A message older than the window opened no window any more: it takes up nothing (a late replay).
  if (at.getTime() < Date.now() - MESSAGING_WINDOW_MS) return 0;
  return takeUpReturnedRows(db, fbPageId, psid, RETURNABLE_SKIP_REASONS, at);
}

/**
 * Deliver on return as an after-commit consumer of the webhook ingest (runtime.ts#ingestConsumers): a
 * contact whose action opens the window (a message, a postback, an m.me link into the thread, a reaction)
 * takes up the campaign messages kept waiting for them.
 */
export function deliverOnReturn(db: Sql): AfterCommit {
  return async (event) => {
    if (event.opensWindow)
      await retryOnConflict(() => takeUpReturns(db, event.pageId, event.psid, event.at));
  };
}
