// Data deletion (spec §4; docs/data-deletion.md): one service behind the user's own request
// (delete-user), Meta's callbacks (data-deletion, deauthorize), the operator route and the pg-boss job.
import { randomBytes } from 'node:crypto';
import type { DeletionStatus } from '@pagecast/contract';
import { endSessions } from '../sessions/index.js';
import { inTransaction, type Sql } from '../../db/client.js';
import { retryOnConflict } from '../../db/conflicts.js';
import { GraphError } from '../../graph/index.js';
import { NotFoundError, UnauthorizedError, UnavailableError } from '../../errors.js';
import { assertTokenFor, SIGN_IN_MESSAGES } from '../../auth/facebook-login.js';
import { cancelQueuedJobs, DATA_DELETION_QUEUE } from '../../queues/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { findAdmin } from '../sign-in/index.js';
import * as repo from './repo.js';

export const DELETION_CANCEL_REASON = 'Data deletion requested';
export const DEAUTHORIZE_CANCEL_REASON = 'App access was removed in Facebook';

export const STATUS_MESSAGES = {
  in_progress: 'Deletion in progress',
  deleted: 'Your data has been deleted',
  none: 'No deletion request found for this user',
} as const;

/** Rows per delete statement (and transaction) while emptying a big page. */
export const DELETE_CHUNK_SIZE = 5000;

export interface DeletionOutcome {
  /** False when there was no admin with that id (nothing to delete; a second run ends here). */
  adminFound: boolean;
  deletedPages: number;
  /** Pages the admin was unlinked from because another admin still manages them. */
  keptPages: number;
  cancelledCampaigns: number;
}

interface StopOutcome {
  admin: repo.AdminRow;
  solePages: repo.OwnedPage[];
  cancelledCampaigns: number;
}

/**
 * The first, committed step of both deletion and deauthorization: the admin's sessions end, campaigns of
 * the admin's own pages are cancelled, queued jobs of those pages dropped and the tokens marked revoked,
 * so nothing is sent from here on. Shared pages keep running: another admin still manages them.
 */
async function stopActivity(
  tx: Sql,
  fbUserId: string,
  options: { reason: string; wipeTokens: boolean },
): Promise<StopOutcome | null> {
  const admin = await findAdmin(tx, fbUserId);
  if (!admin) return null;
  // Their JWTs stop working and their live streams close when this commits.
  await endSessions(tx, { adminId: admin.id }, options.wipeTokens ? 'deleted' : 'deauthorized');
  const solePages = await repo.soleManagedPages(tx, admin.id);
  const pageIds = solePages.map((p) => p.id);
  const cancelled = await repo.cancelActiveCampaigns(tx, pageIds, options.reason);
  await repo.revokeAdminToken(tx, admin.id, options.wipeTokens);
  await repo.revokePageTokens(tx, pageIds, options.wipeTokens);
  await cancelQueuedJobs(tx, solePages, cancelled);
  return { admin, solePages, cancelledCampaigns: cancelled.length };
}

/**
 * Removes the admin, their tokens, their page links, and every page only they manage with all its data.
 * Idempotent: a second run finds no admin and returns `adminFound: false`.
 *
 * Default (job) mode: the stop step commits first, then each page is emptied in chunks of `chunkSize`
 * rows per transaction (a 100k-contact page never holds one giant transaction), then the page and finally
 * the admin go. `atomic: true` (operator route) does all of it in one transaction.
 */
export async function deleteAdminData(
  db: Sql,
  fbUserId: string,
  options: { atomic?: boolean; chunkSize?: number } = {},
): Promise<DeletionOutcome> {
  if (options.atomic)
    return inTransaction(db, (tx) => runDeletion(tx, fbUserId, (fn) => fn(tx), Infinity));
  return runDeletion(
    db,
    fbUserId,
    (fn) => inTransaction(db, fn),
    options.chunkSize ?? DELETE_CHUNK_SIZE,
  );
}

type Step = <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;

async function runDeletion(
  db: Sql,
  fbUserId: string,
  step: Step,
  chunkSize: number,
): Promise<DeletionOutcome> {
  const stopped = await step((tx) =>
    stopActivity(tx, fbUserId, { reason: DELETION_CANCEL_REASON, wipeTokens: true }),
  );
  if (!stopped) return { adminFound: false, deletedPages: 0, keptPages: 0, cancelledCampaigns: 0 };
  const { admin } = stopped;

  let deletedPages = 0;
  const deletePage = async (page: repo.OwnedPage) => {
    if (Number.isFinite(chunkSize)) {
      for (const table of repo.CHILD_TABLES) {
        // Each chunk is its own statement, committed on its own.
        while ((await repo.deleteChildChunk(db, table, page.id, chunkSize)) >= chunkSize) {
          /* next chunk */
        }
      }
    }
    if (await step((tx) => repo.deletePageIfSole(tx, page.id, admin.id))) deletedPages++;
  };
  for (const page of stopped.solePages) await deletePage(page);

  return step(async (tx) => {
    // A co-admin who left meanwhile makes another page ours alone: it goes too, in this transaction.
    for (const page of await repo.soleManagedPages(tx, admin.id)) {
      if (await repo.deletePageIfSole(tx, page.id, admin.id)) deletedPages++;
    }
    const keptPages = await repo.linkedPageCount(tx, admin.id);
    await repo.deleteWebhookEvents(
      tx,
      stopped.solePages.map((p) => p.fbPageId),
    );
    // A session opened since the stop step (a sign-in while pages were emptied) would go with the row
    // unannounced, still cached as active by the API processes: end it first, which NOTIFYs.
    await endSessions(tx, { adminId: admin.id }, 'deleted');
    await repo.deleteAdminRow(tx, admin.id);
    return {
      adminFound: true,
      deletedPages,
      keptPages,
      cancelledCampaigns: stopped.cancelledCampaigns,
    };
  });
}

/** Runs the deletion inside a transaction the caller owns (operator route: all or nothing). */
export function deleteAdminDataIn(tx: Sql, fbUserId: string): Promise<DeletionOutcome> {
  return runDeletion(tx, fbUserId, (fn) => fn(tx), Infinity);
}

// ---- requests, job, status ---------------------------------------------------------------------------

/** Alphanumeric (Meta's requirement) and never all digits, so it cannot be mistaken for a user id. */
export function newConfirmationCode(): string {
  return `DR${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** The 'data-deletion' job: delete, then mark every open request of the user deleted. */
export async function runDeletionJob(db: Sql, fbUserId: string): Promise<DeletionOutcome> {
  const outcome = await deleteAdminData(db, fbUserId);
  await repo.completeRequests(db, fbUserId);
  return outcome;
}

export type DeletionService = ReturnType<typeof createDeletionService>;

/** What the routes ask of data deletion: requests, status, deauthorize, the operator's delete. */
export function createDeletionService(
  deps: Pick<ModuleDeps, 'pool' | 'boss' | 'graph' | 'config'>,
) {
  const { pool: db } = deps;
  return {
    /**
     * Records the request (re-using an open one, so repeated callbacks share one code), stops the admin's
     * activity before answering — nothing is sent after the request — and queues the deletion job.
     */
    async requestDeletion(fbUserId: string): Promise<repo.DeletionRequestRow> {
      const request = await retryOnConflict(() =>
        inTransaction(db, async (tx) => {
          await repo.lockUser(tx, fbUserId);
          await stopActivity(tx, fbUserId, { reason: DELETION_CANCEL_REASON, wipeTokens: true });
          return (
            (await repo.openRequestFor(tx, fbUserId)) ??
            (await repo.insertRequest(tx, fbUserId, newConfirmationCode()))
          );
        }),
      );
      if (deps.boss) {
        // A duplicate job is harmless (the deletion is idempotent); a failed one is retried.
        await deps.boss.send(
          DATA_DELETION_QUEUE,
          { fbUserId },
          { retryLimit: 5, retryDelay: 5, retryBackoff: true },
        );
      } else {
        // Without pg-boss (tools, a bare app) the same work runs before answering.
        await runDeletionJob(db, fbUserId);
      }
      return request;
    },

    /** Public status: by confirmation code or user id. Says nothing about whether the user has any data. */
    async deletionStatus(id: string): Promise<DeletionStatus> {
      const request = await repo.findRequest(db, id);
      if (!request) throw new NotFoundError(STATUS_MESSAGES.none);
      return {
        userId: request.fbUserId,
        message: STATUS_MESSAGES[request.status],
        deleted: request.status === 'deleted',
      };
    },

    /** Deauthorize callback: the user's tokens are dead; stop what would use them. Their data stays. */
    async deauthorizeUser(fbUserId: string): Promise<boolean> {
      const stopped = await inTransaction(db, (tx) =>
        stopActivity(tx, fbUserId, { reason: DEAUTHORIZE_CANCEL_REASON, wipeTokens: false }),
      );
      return stopped !== null;
    },

    /** Operator route: the whole deletion in one transaction, recorded as a completed request. 404 if unknown. */
    deleteAdminAsOperator(fbUserId: string): Promise<DeletionOutcome> {
      return inTransaction(db, async (tx) => {
        await repo.lockUser(tx, fbUserId);
        const outcome = await deleteAdminDataIn(tx, fbUserId);
        if (!outcome.adminFound) throw new NotFoundError('User not found');
        await repo.completeRequests(tx, fbUserId);
        await repo.insertRequest(tx, fbUserId, newConfirmationCode(), 'deleted');
        return outcome;
      });
    },

    /**
     * A user may only delete their own data: the token must be valid, issued to this app, a user token, and
     * belong to the user id of the body (debug_token with the app token; the same checks as sign-in).
     */
    async verifyOwnToken(userId: string, accessToken: string): Promise<void> {
      if (!deps.graph) throw new UnavailableError(SIGN_IN_MESSAGES.unavailable);
      let data;
      try {
        data = await deps.graph.debugToken(accessToken);
      } catch (err) {
        if (err instanceof GraphError && err.kind === 'token') {
          throw new UnauthorizedError(SIGN_IN_MESSAGES.invalidToken);
        }
        throw new UnavailableError(SIGN_IN_MESSAGES.unavailable);
      }
      assertTokenFor(data, deps.config.fbAppId, userId);
    },
  };
}
