// /dashboard/templates: the page's utility templates wired to the pure TemplatesScreen.
import { TemplatesScreen } from '@pagecast/ui/screens/templates';
import { errorMessage } from '../../lib/query';
import { usePagesStore } from '../../stores';
import {
  useCreateTemplate,
  useDeleteTemplate,
  useRefreshTemplates,
  useTemplatesQuery,
} from './queries';

export function TemplatesPage() {
  const pageId = usePagesStore((s) => s.selectedPage?.pageId);
  const templates = useTemplatesQuery(pageId);
  const create = useCreateTemplate(pageId);
  const refresh = useRefreshTemplates(pageId);
  const remove = useDeleteTemplate(pageId);
  return (
    <TemplatesScreen
      templates={templates.data ?? []}
      loading={templates.isLoading}
      error={templates.isError ? errorMessage(templates.error, templates.error.message) : null}
      onCreate={(values) => create.mutateAsync(values)}
      onRefresh={() => refresh.mutateAsync()}
      onDelete={(id) => remove.mutateAsync(id)}
    />
  );
}
