// /dashboard/templates: the page's utility message templates (Meta's path to contacts outside the 24-hour
// window, for transactional updates). Pure: the list comes in, create / refresh / delete go out.
import type { MessageTemplate } from '@pagecast/contract';
import { Info, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Button } from '../../primitives/button';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { PermissionNotice, type PermissionNoticeProps } from '../../components/permission-notice';
import { Collapsible } from '../../primitives/collapsible';
import { toast } from '../../primitives/toaster';
import { TemplateForm, type TemplateActionError, type TemplateFormValues } from './template-form';
import { TemplateList } from './template-list';
import { TEMPLATES_TEXT as T } from './texts';

export { TEMPLATES_TEXT } from './texts';
export type { TemplateActionError, TemplateFormValues } from './template-form';
export type { PermissionNoticeProps } from '../../components/permission-notice';

export interface TemplatesScreenProps {
  templates: MessageTemplate[];
  loading: boolean;
  error: string | null;
  onCreate: (values: TemplateFormValues) => Promise<unknown>;
  /** Re-reads every template's status from Meta. */
  onRefresh: () => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
  /** The utility messaging permission is missing: which, and the login that asks for it again. */
  permissionNotice?: PermissionNoticeProps | null;
}

export function TemplatesScreen({
  templates,
  loading,
  error,
  onCreate,
  onRefresh,
  onDelete,
  permissionNotice,
}: TemplatesScreenProps) {
  const [open, setOpen] = useState({ create: true, list: true });
  const [refreshing, setRefreshing] = useState(false);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
      toast.success(T.refreshed);
    } catch (err) {
      toast.error((err as TemplateActionError | null)?.message || T.refreshFailed);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="@container flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader title={T.title} description={T.description} />
      {permissionNotice ? <PermissionNotice {...permissionNotice} /> : null}
      <div
        role="note"
        className="flex max-w-4xl items-start gap-3 rounded-md border border-warning/60 bg-warning/15 px-4 py-3 text-sm text-warning-foreground dark:text-foreground"
      >
        <Info
          aria-hidden
          className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
        />
        <p>{T.utilityOnly}</p>
      </div>
      <div className="grid max-w-4xl min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <Collapsible
          title={T.createSection}
          open={open.create}
          onOpenChange={(create) => setOpen((o) => ({ ...o, create }))}
          headingLevel={2}
        >
          <TemplateForm onCreate={onCreate} />
        </Collapsible>
        <Collapsible
          title={T.listSection}
          open={open.list}
          onOpenChange={(list) => setOpen((o) => ({ ...o, list }))}
          headingLevel={2}
        >
          <div className="grid gap-4">
            <div>
              <Button
                variant="outline"
                size="sm"
                loading={refreshing}
                onClick={() => void refresh()}
              >
                {refreshing ? null : <RefreshCw aria-hidden />}
                {refreshing ? T.refreshing : T.refresh}
              </Button>
            </div>
            <TemplateList
              templates={templates}
              loading={loading}
              error={error}
              onDelete={setDeleting}
            />
          </div>
        </Collapsible>
      </div>
      <DeleteTemplateDialog item={deleting} onClose={() => setDeleting(null)} onDelete={onDelete} />
    </div>
  );
}

function DeleteTemplateDialog({
  item,
  onClose,
  onDelete,
}: {
  item: MessageTemplate | null;
  onClose: () => void;
  onDelete: (id: string) => Promise<unknown>;
}) {
  return (
    <ConfirmDeleteDialog
      open={item !== null}
      title={
        <>
          {T.deleteTitle} “{item?.name}”?
        </>
      }
      description={item?.scheduledCampaigns ? T.deleteInUse : T.deleteDescription}
      confirmLabel={T.delete}
      busyLabel={T.deleting}
      cancelLabel={T.cancel}
      successMessage={T.deleted}
      failureMessage={(err) => (err as TemplateActionError | null)?.message || T.deleteFailed}
      onConfirm={() => (item ? onDelete(item.id) : Promise.resolve())}
      onClose={onClose}
    />
  );
}
