// /dashboard/templates: the page's utility templates wired to the pure TemplatesScreen.
import { missingScopes, PERMISSION_MESSAGES, UTILITY_MESSAGING_SCOPE } from '@pagecast/contract';
import { TemplatesScreen } from '@pagecast/ui/screens/templates';
import { errorMessage } from '../../lib/query';
import { useAuthStore, usePagesStore } from '../../stores';
import { useReconnect, LOGIN_SCOPES } from '../auth';
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
  // Meta refuses every template call without the utility messaging permission: say so, and ask again.
  const granted = useAuthStore((s) => s.user?.grantedScopes);
  const reconnect = useReconnect(LOGIN_SCOPES);
  const missing = missingScopes(granted, [UTILITY_MESSAGING_SCOPE]).length > 0;
  return (
    <TemplatesScreen
      templates={templates.data ?? []}
      loading={templates.isLoading}
      error={templates.isError ? errorMessage(templates.error, templates.error.message) : null}
      onCreate={(values) => create.mutateAsync(values)}
      onRefresh={() => refresh.mutateAsync()}
      onDelete={(id) => remove.mutateAsync(id)}
      permissionNotice={
        missing
          ? {
              message: PERMISSION_MESSAGES.templates,
              actionLabel: PERMISSION_MESSAGES.reconnect,
              onAction: () => void reconnect.login(),
              busy: reconnect.pending,
            }
          : null
      }
    />
  );
}
