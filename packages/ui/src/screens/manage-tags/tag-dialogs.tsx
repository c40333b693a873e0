import type { TagFormValues, TagListItem } from '@pagecast/contract';
import { useState } from 'react';
import { Button } from '../../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { toast } from '../../primitives/toaster';
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
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!item || pending) return;
    setPending(true);
    setError(null);
    try {
      await onDelete(item.tag.id);
      toast.success(T.deleted);
      setPending(false);
      onClose();
    } catch (err) {
      setError(errorData(err)?.message || T.deleteFallback);
      setPending(false);
    }
  };
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && close()}>
      {item ? (
        <>
          <DialogHeader>
            <DialogTitle>
              {T.deleteTitle} “{item.tag.name}”?
            </DialogTitle>
            <DialogDescription>
              {carriersText(item.count)}{' '}
              {item.count > 0 ? 'Deleting it removes it from them. ' : ''}This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={pending}>
              {T.cancel}
            </Button>
            <BusyButton variant="destructive" busy={pending} onClick={() => void confirm()}>
              {pending ? T.deleting : T.deleteButton}
            </BusyButton>
          </DialogFooter>
        </>
      ) : null}
    </Dialog>
  );
}
