import type { TagFormValues, TagListItem } from '@pagecast/contract';
import { Button } from '../../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { toast } from '../../primitives/toaster';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { BusyButton, errorData, FormError, TagFields, useTagForm } from './tag-form';
import { carriersText, MANAGE_TAGS_TEXT as T } from './texts';

export interface RenameTagDialogProps {
  item: TagListItem | null;
  onClose: () => void;
  onRename: (id: string, values: TagFormValues) => Promise<unknown>;
}

/** Rename / re-describe a tag with the same rules as creation; a duplicate name shows the server's 409. */
export function RenameTagDialog({ item, onClose, onRename }: RenameTagDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Keyed so each opening starts from the tag's current values. */}
      {item ? (
        <RenameTagForm key={item.tag.id} item={item} onClose={onClose} onRename={onRename} />
      ) : null}
    </Dialog>
  );
}

function RenameTagForm({
  item,
  onClose,
  onRename,
}: { item: TagListItem } & Omit<RenameTagDialogProps, 'item'>) {
  const form = useTagForm({
    initial: { name: item.tag.name, description: item.tag.description },
    action: (values) => onRename(item.tag.id, values),
    onSuccess: () => {
      toast.success(T.updated);
      onClose();
    },
    failureMessage: (error) => errorData(error)?.message || T.updateFallback,
  });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{T.renameTitle}</DialogTitle>
        <DialogDescription>Change the name or description of “{item.tag.name}”.</DialogDescription>
      </DialogHeader>
      <TagFields form={form} autoFocus />
      <FormError>{form.formError}</FormError>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={form.pending}>
          {T.cancel}
        </Button>
        <BusyButton type="submit" busy={form.pending}>
          {form.pending ? T.saving : T.renameButton}
        </BusyButton>
      </DialogFooter>
    </form>
  );
}

export interface DeleteTagDialogProps {
  item: TagListItem | null;
  onClose: () => void;
  onDelete: (id: string) => Promise<unknown>;
}

/** Confirmation saying how many contacts carry the tag; a 409 (pending campaign) is shown in place. */
export function DeleteTagDialog({ item, onClose, onDelete }: DeleteTagDialogProps) {
  return (
    <ConfirmDeleteDialog
      open={item !== null}
      title={
        <>
          {T.deleteTitle} “{item?.tag.name}”?
        </>
      }
      description={
        item ? (
          <>
            {carriersText(item.count)} {item.count > 0 ? 'Deleting it removes it from them. ' : ''}
            This cannot be undone.
          </>
        ) : null
      }
      confirmLabel={T.deleteButton}
      busyLabel={T.deleting}
      cancelLabel={T.cancel}
      successMessage={T.deleted}
      failureMessage={(err) => errorData(err)?.message || T.deleteFallback}
      onConfirm={() => (item ? onDelete(item.tag.id) : Promise.resolve())}
      onClose={onClose}
    />
  );
}
