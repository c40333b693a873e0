// Page access follows Facebook between sign-ins: an admin's pages, tasks and page tokens are read again
// from /me/accounts with their stored user token, on a schedule and right after a Graph answer says their
// token or role is gone. A page they lost is unlinked (its routes answer them 404 from then on); a user
// token Facebook refuses ends the admin's sessions.
import { endSessions } from '../sessions/index.js';
import { GraphError } from '../../graph/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { adminUserToken, linkAdminPages, lockAdminSignIn, markAdminTokenRefused } from './repo.js';
import { pagesWithWebhooksOff } from '../webhooks/index.js';
import { ACCOUNT_QUERY, subscribePages, toPageInputs } from './service.js';
import { inTransaction } from '../../db/client.js';

export type RecheckOutcome =
  | { kind: 'updated'; unlinked: number }
  /** Facebook refused the user token: tokens marked, sessions ended; the next sign-in renews them. */
  | { kind: 'token_invalid' }
  /** No usable user token stored (never, revoked, or undecryptable): nothing to ask Facebook with. */
  | { kind: 'no_token' };

export async function recheckAdminPages(
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens'>,
  adminId: string,
): Promise<RecheckOutcome> {
  const { pool: db, graph, tokens } = deps;
  if (!graph) throw new Error('the page access re-check needs the Graph API client');
  const admin = await adminUserToken(db, adminId);
  if (!admin?.userTokenEnc || admin.tokenStatus !== 'valid') return { kind: 'no_token' };
  let userToken: string;
  try {
    userToken = tokens.decrypt(admin.userTokenEnc);
  } catch {
    return { kind: 'no_token' };
  }
  let accounts;
  try {
    accounts = await graph.listAccounts(userToken, ACCOUNT_QUERY);
  } catch (err) {
    if (err instanceof GraphError && err.kind === 'token') {
      await inTransaction(db, async (tx) => {
        await markAdminTokenRefused(tx, adminId);
        // Whoever holds their sessions no longer stands for a Facebook login that works: every session
        // and live stream ends, and the next sign-in renews the tokens.
        await endSessions(tx, { adminId }, 'token_refused');
      });
      return { kind: 'token_invalid' };
    }
    throw err;
  }
  const unlinked = await inTransaction(db, async (tx) => {
    // Serialised with this admin's sign-in (same lock), so the newer answer is the one kept.
    await lockAdminSignIn(tx, adminId);
    return linkAdminPages(tx, adminId, toPageInputs(accounts, tokens.encrypt));
  });
  // Webhook features Meta refused or never confirmed are asked for again (a permission granted since, Meta
  // reachable again); the outcome is recorded for Home, so nothing needs logging here.
  const retry = await pagesWithWebhooksOff(
    db,
    accounts.map((a) => a.id),
  );
  await subscribePages(
    db,
    graph,
    accounts.filter((a) => retry.has(a.id)),
    { warn: () => undefined },
  );
  return { kind: 'updated', unlinked };
}
