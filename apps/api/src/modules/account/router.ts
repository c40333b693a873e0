// The signed-in admin's own preferences: the time zone the screens show times in (stored per admin; every
// time in the database and on the wire stays UTC).
import { contract, isTimeZone, type AccountSettings } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { eq } from 'drizzle-orm';
import { dz } from '../../db/client.js';
import { admins } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';

const s = initServer();

export const accountRouter = (deps: ModuleDeps) => {
  const read = async (adminId: string): Promise<AccountSettings> => {
    const [row] = await dz(deps.pool)
      .select({ timeZone: admins.timeZone })
      .from(admins)
      .where(eq(admins.id, adminId));
    if (!row) throw new NotFoundError('Account not found');
    return { timeZone: row.timeZone };
  };
  return s.router(contract.account, {
    getSettings: withAdmin(async (_args, { adminId }) => ({
      status: 200 as const,
      body: await read(adminId),
    })),
    // An unknown zone changes nothing: the whole body is checked before the row is written.
    updateSettings: withAdmin(async ({ body }, { adminId }) => {
      const { timeZone } = body;
      if (timeZone !== null && !isTimeZone(timeZone)) {
        const message = `Unknown time zone '${timeZone}': choose one from the list (an IANA name such as Europe/Paris).`;
        throw new ValidationError(message, { timeZone: [message] });
      }
      await dz(deps.pool)
        .update(admins)
        .set({ timeZone, updatedAt: new Date() })
        .where(eq(admins.id, adminId));
      return { status: 200 as const, body: await read(adminId) };
    }),
  });
};
