// /dashboard/manage-tags: the page's tags (with user counts) and the create / rename / delete calls,
// wired to the pure ManageTagsScreen.
import { useNavigate } from '@tanstack/react-router';
import { ManageTagsScreen } from '@pagecast/ui/screens/manage-tags';
import { usePagesStore } from '../../stores';
import { useCreateTag, useDeleteTag, useTagsQuery, useUpdateTag } from './queries';

const LOAD_FALLBACK = 'Something went wrong';

/** The server's message (an ApiError carries it), else the error's own, else a generic text. */
function loadErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : LOAD_FALLBACK;
}

export function ManageTagsPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const tagsQuery = useTagsQuery(pageId);
  const createTag = useCreateTag(pageId);
  const updateTag = useUpdateTag(pageId);
  const deleteTag = useDeleteTag(pageId);
  const navigate = useNavigate();

  return (
    <ManageTagsScreen
      tags={tagsQuery.data ?? []}
      loading={tagsQuery.isLoading}
      error={tagsQuery.isError ? loadErrorMessage(tagsQuery.error) : null}
      onCreateTag={(values) => createTag.mutateAsync(values)}
      onRenameTag={(tagId, values) => updateTag.mutateAsync({ tagId, values })}
      onDeleteTag={(tagId) => deleteTag.mutateAsync(tagId)}
      chatsHref={(tagId) => `/dashboard/chats?tag=${encodeURIComponent(tagId)}`}
      onOpenChats={(tagId) => void navigate({ to: '/dashboard/chats', search: { tag: tagId } })}
    />
  );
}
