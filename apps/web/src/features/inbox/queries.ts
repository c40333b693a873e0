// The inbox calls: the recipients list and a conversation (both cursor-paged), sending a message, and
// adding / removing a tag on a chat. Live events patch the same cache entries (use-live-inbox.ts).
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  TIMINGS,
  type ConversationStatusBody,
  type MessageReceived,
  type Recipient,
} from '@pagecast/contract';
import { tsr } from '../../lib/api';
import { unwrap } from '../../lib/query';
import { queryKeys, type RecipientSearch } from '../../lib/query-keys';
import type { ConversationPage, RecipientsPage } from './cache';

const isPlain = (s: RecipientSearch) =>
  !s.q && s.filter === 'all' && s.assignee === 'all' && !s.tagId;

/** A search as the API's RecipientMatch: only what narrows it. */
const matchOf = (s: RecipientSearch) => ({
  ...(s.q ? { q: s.q } : {}),
  ...(s.filter !== 'all' ? { filter: s.filter } : {}),
  ...(s.assignee !== 'all' ? { assignee: s.assignee } : {}),
  ...(s.tagId ? { tagId: s.tagId } : {}),
});

/**
 * The page's conversations, newest first (spec §7: cached 600 s, refetched on load unless under 60 s
 * old); with a search or filter, the server's matches over all the page's contacts.
 */
export function useRecipientsQuery(pageId: string, search: RecipientSearch = PLAIN_SEARCH) {
  const plain = isPlain(search);
  return useInfiniteQuery({
    queryKey: plain
      ? queryKeys.inbox.recipients(pageId)
      : queryKeys.inbox.recipientsSearch(pageId, search),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<RecipientsPage> =>
      unwrap(
        await tsr.inbox.getRecipients.query({
          params: { pageId },
          query: { ...(pageParam ? { after: pageParam } : {}), ...matchOf(search) },
        }),
        200,
      ),
    // While a new search loads, the previous results stay on screen (no flash of the empty state).
    placeholderData: plain ? undefined : keepPreviousData,
    getNextPageParam: (last) => last.paging.nextCursor ?? undefined,
    staleTime: TIMINGS.recipientsRefetchThresholdMs,
    gcTime: TIMINGS.recipientsCacheMs,
  });
}

export const PLAIN_SEARCH: RecipientSearch = { q: '', filter: 'all', assignee: 'all', tagId: null };

/** The page has seen the conversation (its unread count goes to 0 for every admin). */
export async function markConversationRead(pageId: string, userId: string): Promise<void> {
  unwrap(await tsr.inbox.markRead.mutate({ params: { pageId, userId } }), 200);
}

/** One chat's messages (newest first, older pages on demand) and its tags; idle without a chat. */
export function useConversationQuery(pageId: string, userId: string | null) {
  return useInfiniteQuery({
    queryKey: queryKeys.inbox.conversation(pageId, userId ?? ''),
    enabled: Boolean(userId),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<ConversationPage> =>
      unwrap(
        await tsr.inbox.getConversation.query({
          params: { pageId, userId: userId ?? '' },
          query: pageParam ? { after: pageParam } : {},
        }),
        200,
      ),
    getNextPageParam: (last) => last.paging.nextCursor ?? undefined,
  });
}

/** Sends a message to the contact; resolves with the stored message. */
export async function sendMessage(
  pageId: string,
  userId: string,
  text: string,
): Promise<MessageReceived> {
  const res = await tsr.inbox.sendMessage.mutate({
    params: { pageId, userId },
    body: { message: text },
  });
  return unwrap(res, 201).message;
}

/** How many contacts the search matches. */
export async function countRecipients(pageId: string, search: RecipientSearch): Promise<number> {
  const res = await tsr.inbox.countRecipients.query({
    params: { pageId },
    query: matchOf(search),
  });
  return unwrap(res, 200).count;
}

/** One chunk of a bulk tag run over every contact the search matches. */
export async function bulkTagChunk(input: {
  pageId: string;
  add: string[];
  remove: string[];
  match: RecipientSearch;
  after: string | null;
  limit: number;
}): Promise<{ processed: number; nextAfter: string | null }> {
  const res = await tsr.userTags.bulkUserTags.mutate({
    body: {
      pageId: input.pageId,
      add: input.add,
      remove: input.remove,
      limit: input.limit,
      ...(input.after ? { after: input.after } : {}),
      match: matchOf(input.match),
    },
  });
  return unwrap(res, 200);
}

/** Adds (`assign`) or removes one tag on one chat. */
export async function setChatTag(
  body: { pageId: string; userId: string; tagId: string },
  assign: boolean,
): Promise<void> {
  if (assign) unwrap(await tsr.userTags.addUserTag.mutate({ body }), 200);
  else unwrap(await tsr.userTags.removeUserTag.mutate({ body }), 200);
}

/** The queue's counts of the page: need a reply, unread, open and assigned to the signed-in admin. */
export function useQueueCountsQuery(pageId: string) {
  return useQuery({
    queryKey: queryKeys.inbox.queue(pageId),
    queryFn: async () => unwrap(await tsr.inbox.queueCounts.query({ params: { pageId } }), 200),
  });
}

/**
 * The page's messaging admins: whom a conversation can be assigned to (an admin appears once they
 * signed in to Pagecast; read again whenever the inbox opens).
 */
export function useAssigneesQuery(pageId: string) {
  return useQuery({
    queryKey: queryKeys.inbox.assignees(pageId),
    queryFn: async () =>
      unwrap(await tsr.inbox.listAssignees.query({ params: { pageId } }), 200).admins,
  });
}

/** Resolves, reopens or snoozes a conversation; the contact as listed now. */
export async function setConversationStatus(
  pageId: string,
  userId: string,
  body: ConversationStatusBody,
): Promise<Recipient> {
  const res = await tsr.inbox.setStatus.mutate({ params: { pageId, userId }, body });
  return unwrap(res, 200).recipient;
}

/** Assigns a conversation to a messaging admin of the page (null: nobody). */
export async function assignConversation(
  pageId: string,
  userId: string,
  assignee: string | null,
): Promise<Recipient> {
  const res = await tsr.inbox.assign.mutate({
    params: { pageId, userId },
    body: { userId: assignee },
  });
  return unwrap(res, 200).recipient;
}

/** Resolves every open conversation no message can reach; how many. */
export async function resolveUnreachable(pageId: string): Promise<number> {
  const res = await tsr.inbox.resolveUnreachable.mutate({ params: { pageId } });
  return unwrap(res, 200).resolved;
}

/** The page's inbox settings ('Resolve when a person replies'). */
export function useInboxSettingsQuery(pageId: string) {
  return useQuery({
    queryKey: queryKeys.inbox.settings(pageId),
    queryFn: async () => unwrap(await tsr.inbox.getSettings.query({ params: { pageId } }), 200),
  });
}

export async function updateInboxSettings(
  pageId: string,
  body: { resolveOnReply: boolean },
): Promise<{ resolveOnReply: boolean }> {
  return unwrap(await tsr.inbox.updateSettings.mutate({ params: { pageId }, body }), 200);
}
