// The admin's plan (spec §1: one plan, Pro). Nothing in the product sells it: operators grant Pro with the
// CLI (src/cli.ts) after the business contacts the team; the user menu shows the period and credits.
import type { Subscription } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';
import type { ModuleDeps } from '../shared/deps.js';
import * as repo from './repo.js';

export const NO_SUBSCRIPTION: Subscription = {
  plan: 'free',
  status: 'none',
  periodEnd: null,
  availableCredits: 0,
};

type Row = repo.SubscriptionRow;

/** A row as the API shows it: a Pro period that has ended reads 'expired' without a job flipping it. */
export function toSubscription(row: Row | undefined, now = new Date()): Subscription {
  if (!row) return NO_SUBSCRIPTION;
  const ended = row.periodEnd !== null && row.periodEnd.getTime() <= now.getTime();
  const stored = row.status === 'expired' || row.status === 'none' ? row.status : 'active';
  return {
    plan: row.plan,
    status: ended ? 'expired' : stored,
    periodEnd: row.periodEnd ? row.periodEnd.toISOString() : null,
    availableCredits: row.availableCredits,
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;

export function createSubscriptionService({ pool: db }: Pick<ModuleDeps, 'pool'>) {
  return {
    async getSubscription(adminId: string): Promise<Subscription> {
      return toSubscription(await repo.findSubscription(db, adminId));
    },
  };
}

export class UnknownAdminError extends Error {
  constructor(userId: string) {
    super(
      `No admin with user id ${userId}: they must sign in to Pagecast once before Pro can be granted`,
    );
  }
}

export interface GrantProInput {
  /** The social network user id (what the user menu shows when there is no e-mail). */
  userId: string;
  months: number;
  credits: number;
}

export interface GrantProResult {
  admin: { id: string; userId: string; name: string };
  before: Subscription;
  after: Subscription;
}

/**
 * Grants Pro: the period runs `months` from the later of now and the end of a still-running period
 * (so granting twice extends rather than overlaps), and `credits` are added to the balance.
 */
export async function grantPro(db: Sql, input: GrantProInput): Promise<GrantProResult> {
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > 120)
    throw new RangeError('--months must be a whole number from 1 to 120');
  if (!Number.isInteger(input.credits) || input.credits < 0 || input.credits > 10_000_000)
    throw new RangeError('--credits must be a whole number from 0 to 10000000');
  const admin = await repo.findAdminByUserId(db, input.userId);
  if (!admin) throw new UnknownAdminError(input.userId);
  const { previous, row } = await repo.upsertPro(db, admin.id, input.months, input.credits);
  return { admin, before: toSubscription(previous), after: toSubscription(row) };
}
