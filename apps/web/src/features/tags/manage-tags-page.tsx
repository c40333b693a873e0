// /dashboard/manage-tags: the page's tags (with user counts) and the create / rename / delete calls,
// wired to the pure ManageTagsScreen.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TagFormValues } from '@pagecast/contract';
import { ManageTagsScreen } from '@pagecast/ui/screens/manage-tags';
import { ApiError, errorMessage, tsr } from '../../lib/api';
import { usePagesStore } from '../../stores';
import { applyTagChange, tagKeys } from './cache';

export const CREATE_TAG_FALLBACK = 'Failed to create tag.';
const LOAD_FALLBACK = 'Something went wrong';

/**
 * A failed tag call: `data` is the server's `{ message, fieldErrors }` (the screen shows data.message,
 * spec §8). Raised too when a 2xx answer lacks `success`.
 */
export class TagRequestError extends Error {
  constructor(
    message: string,
    readonly data: { message?: string; fieldErrors?: Record<string, string[]> } | undefined,
  ) {
    super(message);
    this.name = 'TagRequestError';
  }
}

function failure(response: { status: number; body: unknown }, fallback: string): TagRequestError {
  const body = response.body as {
    message?: unknown;
    fieldErrors?: Record<string, string[]>;
  } | null;
  const message = typeof body?.message === 'string' && body.message ? body.message : fallback;
  return new TagRequestError(
    message,
    body && typeof body === 'object' ? { message, fieldErrors: body.fieldErrors } : undefined,
  );
}

function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, error.message);
  return error instanceof Error && error.message ? error.message : LOAD_FALLBACK;
}

export function ManageTagsPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const queryClient = useQueryClient();

  // Spec §5: the tag list query is skipped when no page is selected.
  const tagsQuery = useQuery({
    queryKey: tagKeys.list(pageId ?? ''),
    enabled: Boolean(pageId),
    queryFn: async () => {
      const res = await tsr.tags.listTags.query({ params: { pageId: pageId ?? '' } });
      if (res.status !== 200) throw new ApiError(res.status, res.body);
      return res.body;
    },
  });

  const requirePage = () => {
    if (!pageId) throw new TagRequestError('No page selected', { message: 'Select a page first.' });
    return pageId;
  };
  const refresh = (id: string) => queryClient.invalidateQueries({ queryKey: tagKeys.list(id) });

  const onCreateTag = async (values: TagFormValues) => {
    const id = requirePage();
    try {
      const res = await tsr.tags.createTag.mutate({ body: { ...values, pageId: id } });
      if (res.status !== 201 || !res.body.success) throw failure(res, CREATE_TAG_FALLBACK);
      applyTagChange(queryClient, id, { type: 'upsert', tag: res.body.tag });
      void refresh(id);
    } catch (error) {
      console.error(error);
      throw error;
    }
  };

  const onRenameTag = async (tagId: string, values: TagFormValues) => {
    const id = requirePage();
    const res = await tsr.tags.updateTag.mutate({ params: { id: tagId }, body: values });
    if (res.status !== 200) {
      const error = failure(res, 'Failed to update tag.');
      console.error(error);
      throw error;
    }
    applyTagChange(queryClient, id, { type: 'upsert', tag: res.body.tag });
    void refresh(id);
  };

  const onDeleteTag = async (tagId: string) => {
    const id = requirePage();
    const res = await tsr.tags.deleteTag.mutate({ params: { id: tagId } });
    if (res.status !== 200) {
      const error = failure(res, 'Failed to delete tag.');
      console.error(error);
      throw error;
    }
    applyTagChange(queryClient, id, { type: 'remove', id: tagId });
    void refresh(id);
  };

  return (
    <ManageTagsScreen
      tags={tagsQuery.data ?? []}
      loading={tagsQuery.isLoading}
      error={tagsQuery.isError ? loadErrorMessage(tagsQuery.error) : null}
      onCreateTag={onCreateTag}
      onRenameTag={onRenameTag}
      onDeleteTag={onDeleteTag}
    />
  );
}
