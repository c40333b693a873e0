// The Account screen's calls: the admin's sessions (list, end one), API keys, and the pages they manage.
import type { CreateApiKeyBody } from '@pagecast/contract';
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

/** The admin's API keys (never their text: only the answer that creates one has it). */
export function useApiKeysQuery() {
  return useQuery({
    queryKey: queryKeys.account.apiKeys(),
    queryFn: async () => unwrap(await tsr.apiKeys.listApiKeys.query(), 200),
  });
}

/** Creates a key; answers its text, shown once. */
export async function createApiKey(body: CreateApiKeyBody): Promise<string> {
  return unwrap(await tsr.apiKeys.createApiKey.mutate({ body }), 201, 'Could not create the key')
    .key;
}

/** Revokes a key: every server refuses it from then on. */
export async function revokeApiKey(keyId: string): Promise<void> {
  unwrap(await tsr.apiKeys.revokeApiKey.mutate({ params: { keyId } }), 200);
}
