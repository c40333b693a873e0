// SQL of the subscription capability.
import { eq, sql } from 'drizzle-orm';
import { dz, inTransaction, type Sql } from '../../db/client.js';
import { admins, subscriptions } from '../../db/schema/index.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscription(
  db: Sql,
  adminId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await dz(db).select().from(subscriptions).where(eq(subscriptions.adminId, adminId));
  return row;
}

export async function findAdminByUserId(db: Sql, userId: string) {
  const [admin] = await dz(db)
    .select({ id: admins.id, userId: admins.fbUserId, name: admins.name })
    .from(admins)
    .where(eq(admins.fbUserId, userId));
  return admin;
}

/**
 * Pro for `months` from the later of now and the end of a running period (granting twice extends), plus
 * `credits` on the balance. Locks the row first so the answer's "before" is exact under concurrent grants.
 */
export async function upsertPro(
  db: Sql,
  adminId: string,
  months: number,
  credits: number,
): Promise<{ previous: SubscriptionRow | undefined; row: SubscriptionRow }> {
  return inTransaction(db, async (tx) => {
    const [previous] = await dz(tx)
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.adminId, adminId))
      .for('update');
    const interval = sql`make_interval(months => ${months}::int)`;
    const [row] = await dz(tx)
      .insert(subscriptions)
      .values({
        adminId,
        plan: 'pro',
        status: 'active',
        periodEnd: sql`now() + ${interval}`,
        availableCredits: credits,
      })
      .onConflictDoUpdate({
        target: subscriptions.adminId,
        set: {
          plan: 'pro',
          status: 'active',
          periodEnd: sql`greatest(now(), coalesce(${subscriptions.periodEnd}, now())) + ${interval}`,
          availableCredits: sql`${subscriptions.availableCredits} + ${credits}::int`,
        },
      })
      .returning();
    if (!row) throw new Error('subscription upsert returned no row');
    return { previous, row };
  });
}
