// The signed-in admin's own preferences: the time zone the screens show times in (stored per admin; every
// time in the database and on the wire stays UTC).
import { contract, isTimeZone, type AccountSettings } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
// sign-in writes `admins`: the time zone is one of its columns.
import { adminTimeZone, setAdminTimeZone } from '../sign-in/index.js';

const s = initServer();

export const accountRouter = (deps: ModuleDeps) => {
  const read = async (adminId: string): Promise<AccountSettings> => {
    const row = await adminTimeZone(deps.pool, adminId);
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
      await setAdminTimeZone(deps.pool, adminId, timeZone);
      return { status: 200 as const, body: await read(adminId) };
    }),
  });
};
