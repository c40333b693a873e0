// The Account screen's calls: the admin's sessions (list, end one) and the pages they manage.
import { useQuery } from '@tanstack/react-query';
import { tsr } from '../../lib/api';
import { unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

export function useSessionsQuery() {
  return useQuery({
    queryKey: queryKeys.account.sessions(),
    queryFn: async () => unwrap(await tsr.sessions.list.query(), 200).sessions,
  });
}

export function useAccountPagesQuery() {
  return useQuery({
    queryKey: queryKeys.account.pages(),
    queryFn: async () => unwrap(await tsr.pages.listPages.query(), 200),
  });
}

/** Ends another browser's session (its token stops working, its live streams close). */
export async function endSession(id: string): Promise<void> {
  unwrap(await tsr.sessions.revoke.mutate({ params: { id } }), 200);
}

/** 'Sign out all other sessions': every session but this browser's ends; answers how many. */
export async function endOtherSessions(): Promise<number> {
  return unwrap(await tsr.sessions.revokeOthers.mutate(), 200).ended;
}

/** The admin's preferences (the display time zone). */
export function useAccountSettingsQuery() {
  return useQuery({
    queryKey: queryKeys.account.settings(),
    queryFn: async () => unwrap(await tsr.account.getSettings.query(), 200),
    staleTime: Infinity,
  });
}

/** Saves the display time zone (null: the browser's); answers what the server kept. */
export async function saveTimeZone(timeZone: string | null): Promise<string | null> {
  return unwrap(await tsr.account.updateSettings.mutate({ body: { timeZone } }), 200).timeZone;
}
