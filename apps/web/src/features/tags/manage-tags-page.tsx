// /dashboard/manage-tags: the page's tags (with user counts) and the create / rename / delete calls,
// wired to the pure ManageTagsScreen.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TagFormValues } from '@pagecast/contract';
import { ManageTagsScreen } from '@pagecast/ui/screens/manage-tags';
import { tsr } from '../../lib/api';
import { ApiError, noPageSelected, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';
import { usePagesStore } from '../../stores';
import { applyTagChange } from './cache';

export const CREATE_TAG_FALLBACK = 'Failed to create tag.';
const LOAD_FALLBACK = 'Something went wrong';

/** The server's message (an ApiError carries it), else the error's own, else a generic text. */
function loadErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : LOAD_FALLBACK;
}

export function ManageTagsPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const queryClient = useQueryClient();

  // Spec §5: the tag list query is skipped when no page is selected.
  const tagsQuery = useQuery({
    queryKey: queryKeys.tags.list(pageId ?? ''),
    enabled: Boolean(pageId),
    queryFn: async () =>
      unwrap(await tsr.tags.listTags.query({ params: { pageId: pageId ?? '' } }), 200),
  });

  const requirePage = () => {
    if (!pageId) throw noPageSelected();
    return pageId;
  };
  const refresh = (id: string) =>
    queryClient.invalidateQueries({ queryKey: queryKeys.tags.list(id) });

  const onCreateTag = async (values: TagFormValues) => {
    const id = requirePage();
    try {
      const res = await tsr.tags.createTag.mutate({ body: { ...values, pageId: id } });
      const body = unwrap(res, 201, CREATE_TAG_FALLBACK);
      // Checked, not trusted: a 201 without `success` is a failure too.
      if (!body.success) throw new ApiError(res.status, res.body, CREATE_TAG_FALLBACK);
      applyTagChange(queryClient, id, { type: 'upsert', tag: body.tag });
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
      const error = new ApiError(res.status, res.body, 'Failed to update tag.');
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
      const error = new ApiError(res.status, res.body, 'Failed to delete tag.');
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
