// The tag calls of the web app: the page's tag list (shared by Manage Tags, Schedule and the inbox) and
// Manage Tags' create / rename / delete, each applied to the local copies, then refetched.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TagFormValues } from '@pagecast/contract';
import { tsr } from '../../lib/api';
import { ApiError, pageRequest, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { applyTagChange, type TagsChange } from './cache';

export const CREATE_TAG_FALLBACK = 'Failed to create tag.';
export const UPDATE_TAG_FALLBACK = 'Failed to update tag.';
export const DELETE_TAG_FALLBACK = 'Failed to delete tag.';

/** The page's tags with their user counts; skipped while no page is selected (spec §5). */
export function useTagsQuery(pageId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.tags.list(pageId ?? ''),
    enabled: Boolean(pageId),
    queryFn: async () =>
      unwrap(await tsr.tags.listTags.query({ params: { pageId: pageId ?? '' } }), 200),
  });
}

/** A tag mutation of the selected page: its change lands in every local copy, then the list refetches. */
function useTagMutation<V>(
  pageId: string | undefined,
  request: (pageId: string, variables: V) => Promise<TagsChange>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pageRequest<V, { pageId: string; change: TagsChange }>(
      pageId,
      async (id, variables) => ({
        pageId: id,
        change: await request(id, variables),
      }),
    ),
    onSuccess: ({ pageId: id, change }) => {
      applyTagChange(queryClient, id, change);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tags.list(id) });
    },
    onError: (error) => console.error(error),
  });
}

export function useCreateTag(pageId: string | undefined) {
  return useTagMutation(pageId, async (id, values: TagFormValues): Promise<TagsChange> => {
    const res = await tsr.tags.createTag.mutate({ body: { ...values, pageId: id } });
    const body = unwrap(res, 201, CREATE_TAG_FALLBACK);
    // Checked, not trusted: a 201 without `success` is a failure too.
    if (!body.success) throw new ApiError(res.status, res.body, CREATE_TAG_FALLBACK);
    return { type: 'upsert', tag: body.tag };
  });
}

export function useUpdateTag(pageId: string | undefined) {
  return useTagMutation(
    pageId,
    async (
      _id,
      { tagId, values }: { tagId: string; values: TagFormValues },
    ): Promise<TagsChange> => {
      const res = await tsr.tags.updateTag.mutate({ params: { id: tagId }, body: values });
      return { type: 'upsert', tag: unwrap(res, 200, UPDATE_TAG_FALLBACK).tag };
    },
  );
}

export function useDeleteTag(pageId: string | undefined) {
  return useTagMutation(pageId, async (_id, tagId: string): Promise<TagsChange> => {
    unwrap(await tsr.tags.deleteTag.mutate({ params: { id: tagId } }), 200, DELETE_TAG_FALLBACK);
    return { type: 'remove', id: tagId };
  });
}
