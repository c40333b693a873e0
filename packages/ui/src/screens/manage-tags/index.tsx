import type { TagFormValues, TagListItem } from '@pagecast/contract';
import { Lightbulb } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ScreenHeader } from '../../layout/dashboard-shell';
import { Collapsible } from '../../primitives/collapsible';
import { toast } from '../../primitives/toaster';
import { DeleteTagDialog, RenameTagDialog } from './tag-dialogs';
import { BusyButton, errorData, FormError, TagFields, useTagForm } from './tag-form';
import { TagsTable } from './tags-table';
import { MANAGE_TAGS_TEXT } from './texts';

export { MANAGE_TAGS_TEXT, carriersText } from './texts';
export type { TagActionError } from './tag-form';

const T = MANAGE_TAGS_TEXT;

export interface ManageTagsScreenProps {
  /** The page's tags with their user counts, by name. */
  tags: TagListItem[];
  loading: boolean;
  /** Load error message (shown after 'Error loading tags:'), or null. */
  error: string | null;
  /** Resolves once created; rejects with `{ data: { message, fieldErrors } }`-like errors. */
  onCreateTag: (values: TagFormValues) => Promise<unknown>;
  onRenameTag: (id: string, values: TagFormValues) => Promise<unknown>;
  onDeleteTag: (id: string) => Promise<unknown>;
  /** Each tag links to the inbox filtered by it (URL, and client-side navigation). */
  chatsHref?: (tagId: string) => string;
  onOpenChats?: (tagId: string) => void;
}

type Section = 'create' | 'details';

/** /dashboard/manage-tags (spec §2): 'Create Tag' and 'Tags Details', one section open at a time. */
/** The server's reason in words: its message, or under a generic 'Validation failed' the first field's. */
function failureReason(err: unknown): string | undefined {
  const data = errorData(err);
  const fields = data?.fieldErrors ?? {};
  const field = fields.name?.[0] ?? fields.description?.[0];
  if (data?.message && data.message !== 'Validation failed') return data.message;
  return field;
}

export function ManageTagsScreen({
  tags,
  loading,
  error,
  onCreateTag,
  onRenameTag,
  onDeleteTag,
  chatsHref,
  onOpenChats,
}: ManageTagsScreenProps) {
  const [open, setOpen] = useState<Section | null>('create');
  const [renaming, setRenaming] = useState<TagListItem | null>(null);
  const [deleting, setDeleting] = useState<TagListItem | null>(null);
  const toggle = (section: Section) => (next: boolean) => setOpen(next ? section : null);
  // 'Create your first tag' opens the form and puts the cursor in it (its own button goes away with the
  // section it was in, so the focus must land somewhere useful).
  const createForm = useRef<HTMLFormElement>(null);
  const [focusCreate, setFocusCreate] = useState(false);
  useEffect(() => {
    if (!focusCreate || open !== 'create') return;
    createForm.current?.querySelector<HTMLInputElement>('input')?.focus();
    setFocusCreate(false);
  }, [focusCreate, open]);

  const form = useTagForm({
    action: onCreateTag,
    onSuccess: () => toast.success(T.created),
    failureMessage: (err) => errorData(err)?.message || T.createFallback,
    onFailure: (err) => toast.error(T.createFailed(failureReason(err))),
  });

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-6 p-4 md:p-6">
      <ScreenHeader
        title={T.title}
        description="Create tags to group your page's users, and see how many users each tag has."
      />
      <div className="grid max-w-4xl min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <Collapsible
          title={T.createSection}
          open={open === 'create'}
          onOpenChange={toggle('create')}
          headingLevel={2}
        >
          <form
            ref={createForm}
            noValidate
            aria-label={T.createSection}
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void form.submit();
            }}
          >
            <TagFields form={form} />
            <FormError>{form.formError}</FormError>
            <div>
              <BusyButton type="submit" busy={form.pending} className="w-full sm:w-auto">
                {form.pending ? T.submitting : T.createButton}
              </BusyButton>
            </div>
            <div
              data-testid="tags-hint"
              className="flex gap-3 rounded-lg border border-success/40 bg-success/10 p-3 text-sm text-foreground"
            >
              <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <p>{T.hint}</p>
            </div>
          </form>
        </Collapsible>
        <Collapsible
          title={T.detailsSection}
          open={open === 'details'}
          onOpenChange={toggle('details')}
          headingLevel={2}
          contentClassName="px-2 sm:px-4"
        >
          <TagsTable
            tags={tags}
            loading={loading}
            error={error}
            onRename={setRenaming}
            onDelete={setDeleting}
            chatsHref={chatsHref}
            onOpenChats={onOpenChats}
          />
          {!loading && error === null && tags.length === 0 ? (
            // The spec's 'No data' row says what is missing; this says what to do about it.
            <p className="mt-3 text-sm text-muted-foreground">
              {T.emptyHint}{' '}
              <button
                type="button"
                className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
                onClick={() => {
                  setOpen('create');
                  setFocusCreate(true);
                }}
              >
                {T.emptyAction}
              </button>
            </p>
          ) : null}
        </Collapsible>
      </div>
      <RenameTagDialog item={renaming} onClose={() => setRenaming(null)} onRename={onRenameTag} />
      <DeleteTagDialog item={deleting} onClose={() => setDeleting(null)} onDelete={onDeleteTag} />
    </div>
  );
}
