// The template calls of the web app: the page's utility templates (Templates and Schedule share the list),
// and create / refresh / delete, each followed by a refetch of the list.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageTemplate } from '@pagecast/contract';
import type { TemplateFormValues } from '@pagecast/ui/screens/templates';
import { tsr } from '../../lib/api';
import { pageRequest, unwrap } from '../../lib/query';
import { queryKeys } from '../../lib/query-keys';

/** While Meta reviews a template, its verdict is looked for this often. */
const PENDING_POLL_MS = 5_000;

const hasPending = (list: MessageTemplate[] | undefined) =>
  Boolean(list?.some((t) => t.status === 'pending'));

/**
 * The page's templates. While one is in review the list is re-read from Meta itself, not only from the
 * server's copy: Meta's status webhook can arrive before the server has stored the template it created,
 * and would then be lost; the re-read cannot be. If the re-read fails, the server's copy is shown.
 */
export function useTemplatesQuery(pageId: string | undefined) {
  const queryClient = useQueryClient();
  const key = queryKeys.templates.list(pageId ?? '');
  return useQuery({
    queryKey: key,
    enabled: Boolean(pageId),
    queryFn: async () => {
      const params = { pageId: pageId ?? '' };
      if (hasPending(queryClient.getQueryData<MessageTemplate[]>(key))) {
        const res = await tsr.templates.refreshTemplates.mutate({ params, body: {} });
        if (res.status === 200) return res.body;
      }
      return unwrap(await tsr.templates.listTemplates.query({ params }), 200);
    },
    refetchInterval: (query) => (hasPending(query.state.data) ? PENDING_POLL_MS : false),
  });
}

function useTemplatesMutation<V, R>(
  pageId: string | undefined,
  request: (pageId: string, variables: V) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pageRequest(pageId, request),
    onSettled: () =>
      pageId
        ? void queryClient.invalidateQueries({ queryKey: queryKeys.templates.list(pageId) })
        : undefined,
  });
}

export const useCreateTemplate = (pageId: string | undefined) =>
  useTemplatesMutation(pageId, async (id, values: TemplateFormValues) =>
    unwrap(await tsr.templates.createTemplate.mutate({ body: { ...values, pageId: id } }), 201),
  );

export const useRefreshTemplates = (pageId: string | undefined) =>
  useTemplatesMutation(pageId, async (id, _: void) =>
    unwrap(await tsr.templates.refreshTemplates.mutate({ params: { pageId: id }, body: {} }), 200),
  );

export const useDeleteTemplate = (pageId: string | undefined) =>
  useTemplatesMutation(pageId, async (_id, templateId: string) =>
    unwrap(await tsr.templates.deleteTemplate.mutate({ params: { id: templateId } }), 200),
  );
