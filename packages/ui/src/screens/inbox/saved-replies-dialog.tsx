import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../primitives/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '../../primitives/dialog';
import { FormField, fieldA11y } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Spinner } from '../../primitives/spinner';
import { Textarea } from '../../primitives/textarea';
import type { SavedReplyOption } from './saved-reply-picker';
import { TEAM_TEXT } from './team-text';

/** What a save answered: done, or the server's messages by field ('title', 'body') and overall. */
export type SavedReplySaveResult =
  { ok: true } | { ok: false; message?: string; fieldErrors?: Record<string, string[]> };

export interface SavedRepliesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  replies: SavedReplyOption[] | undefined;
  loading: boolean;
  limits: { titleMax: number; bodyMax: number };
  onSave: (
    input: { title: string; body: string },
    id: string | null,
  ) => Promise<SavedReplySaveResult>;
  onDelete: (reply: SavedReplyOption) => void;
}

/** Manage the page's saved replies: the list, and one form for a new reply or the one being edited. */
export function SavedRepliesDialog(props: SavedRepliesDialogProps) {
  const [editing, setEditing] = useState<SavedReplyOption | 'new' | null>(null);
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) setEditing(null);
        props.onOpenChange(open);
      }}
      className="max-w-xl"
    >
      <DialogHeader>
        <DialogTitle>{TEAM_TEXT.savedReplies}</DialogTitle>
        <DialogDescription>{TEAM_TEXT.savedRepliesDescription}</DialogDescription>
      </DialogHeader>
      {editing ? (
        <ReplyForm
          key={editing === 'new' ? 'new' : editing.id}
          reply={editing === 'new' ? null : editing}
          limits={props.limits}
          onCancel={() => setEditing(null)}
          onSave={async (input) => {
            const result = await props.onSave(input, editing === 'new' ? null : editing.id);
            if (result.ok) setEditing(null);
            return result;
          }}
        />
      ) : (
        <div className="grid gap-3">
          {props.loading ? (
            <Spinner label="Loading saved replies" />
          ) : (props.replies ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">{TEAM_TEXT.noSavedReplies}</p>
          ) : (
            <ul className="grid max-h-80 gap-1 overflow-y-auto" aria-label={TEAM_TEXT.savedReplies}>
              {(props.replies ?? []).map((r) => (
                <li
                  key={r.id}
                  className="flex items-start gap-2 rounded-md border border-border px-3 py-2"
                >
                  <div className="grid min-w-0 flex-1">
                    <span className="truncate text-sm font-medium">/{r.title}</span>
                    <span className="line-clamp-2 text-xs break-words whitespace-pre-wrap text-muted-foreground">
                      {r.body}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={TEAM_TEXT.editReply(r.title)}
                    onClick={() => setEditing(r)}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={TEAM_TEXT.deleteReply(r.title)}
                    onClick={() => props.onDelete(r)}
                  >
                    <Trash2 />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div>
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" /> {TEAM_TEXT.newSavedReply}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function ReplyForm({
  reply,
  limits,
  onCancel,
  onSave,
}: {
  reply: SavedReplyOption | null;
  limits: { titleMax: number; bodyMax: number };
  onCancel: () => void;
  onSave: (input: { title: string; body: string }) => Promise<SavedReplySaveResult>;
}) {
  const titleId = useId();
  const bodyId = useId();
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="grid gap-3"
      aria-label={reply ? TEAM_TEXT.editSavedReply : TEAM_TEXT.newSavedReply}
      onSubmit={(e) => {
        e.preventDefault();
        setSaving(true);
        void onSave({ title, body }).then((result) => {
          setSaving(false);
          if (result.ok) return;
          setErrors(result.fieldErrors ?? {});
          setMessage(result.fieldErrors ? null : (result.message ?? TEAM_TEXT.replyFailed));
        });
      }}
    >
      <FormField id={titleId} label={TEAM_TEXT.replyTitle} error={errors.title}>
        <Input
          {...fieldA11y(titleId, Boolean(errors.title))}
          value={title}
          maxLength={limits.titleMax}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
        />
      </FormField>
      <FormField id={bodyId} label={TEAM_TEXT.replyBody} error={errors.body}>
        <Textarea
          {...fieldA11y(bodyId, Boolean(errors.body))}
          value={body}
          rows={4}
          showCounter
          counterMax={limits.bodyMax}
          onChange={(e) => setBody(e.target.value)}
        />
      </FormField>
      {message ? (
        <p role="alert" className="text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {TEAM_TEXT.cancel}
        </Button>
        <Button type="submit" loading={saving}>
          {TEAM_TEXT.saveReply}
        </Button>
      </div>
    </form>
  );
}
