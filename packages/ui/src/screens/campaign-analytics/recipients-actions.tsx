// What a marketer does with a list of recipients (the detail's current filter): 'Tag these recipients' and
// 'Follow-up campaign to them' (tag them, then schedule to that tag). One dialog for both: choose one of the
// page's tags or name a new one; the screen's owner does the calls and, for a follow-up, opens Schedule.
import { formTagNameErrors, liveTagNameError, TAG_RECIPIENTS_MAX } from '@pagecast/contract';
import { Send, Tags } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../primitives/button';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../primitives/dialog';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { ANALYTICS_TEXT } from './texts';

const T = ANALYTICS_TEXT;
const NEW = '__new';

/** What the dialog asks for: an existing tag (`tagId`) or a new one's name, and whether to open Schedule. */
export interface TagRecipientsRequest {
  tagId: string | null;
  newTagName: string;
  followUp: boolean;
}

export interface RecipientsActionsProps {
  /** The page's tags to choose from. */
  tags: Array<{ id: string; name: string }>;
  /** How many recipients the current filter lists, and the filter in words. */
  count: number;
  filterLabel: string;
  /** A suggested name for a follow-up's new tag. */
  suggestedName: string;
  /** Resolves when done; rejects with `{ message, fieldErrors? }`, shown in the dialog. */
  onTag: (request: TagRecipientsRequest) => Promise<unknown>;
}

export function RecipientsActions({
  tags,
  count,
  filterLabel,
  suggestedName,
  onTag,
}: RecipientsActionsProps) {
  const ids = useId();
  const [mode, setMode] = useState<'tag' | 'followUp' | null>(null);
  const [tagId, setTagId] = useState(NEW);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const openAs = (m: 'tag' | 'followUp') => {
    setMode(m);
    setTagId(m === 'followUp' || tags.length === 0 ? NEW : (tags[0]?.id ?? NEW));
    setName(m === 'followUp' ? suggestedName : '');
    setError(undefined);
  };
  const submit = async () => {
    if (!mode || busy) return;
    if (tagId === NEW) {
      const problem = formTagNameErrors(name)[0] ?? liveTagNameError(name.trim());
      if (problem) {
        setError(problem);
        document.getElementById(`${ids}-name`)?.focus();
        return;
      }
    }
    setBusy(true);
    try {
      await onTag({
        tagId: tagId === NEW ? null : tagId,
        newTagName: name.trim(),
        followUp: mode === 'followUp',
      });
      setMode(null);
    } catch (err) {
      const body = (err ?? {}) as { message?: string; fieldErrors?: Record<string, string[]> };
      setError(body.fieldErrors?.name?.[0] ?? body.message ?? T.tagFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={count === 0} onClick={() => openAs('tag')}>
          <Tags aria-hidden />
          {T.tagThese}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={count === 0}
          onClick={() => openAs('followUp')}
        >
          <Send aria-hidden />
          {T.followUp}
        </Button>
      </div>
      <Dialog open={mode !== null} onOpenChange={(o) => (o ? null : setMode(null))}>
        <DialogHeader>
          <DialogTitle>{mode === 'followUp' ? T.followUp : T.tagThese}</DialogTitle>
          <DialogDescription>
            {T.actionsScope(count, filterLabel)}{' '}
            {mode === 'followUp' ? T.followUpHelp : T.tagHelp(TAG_RECIPIENTS_MAX)}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormField id={`${ids}-tag`} label={T.tagField}>
            <Select
              {...fieldA11y(`${ids}-tag`, false)}
              value={tagId}
              onChange={(e) => {
                setTagId(e.target.value);
                setError(undefined);
              }}
              options={[
                { value: NEW, label: T.newTag },
                ...tags.map((t) => ({ value: t.id, label: t.name })),
              ]}
            />
          </FormField>
          {tagId === NEW ? (
            <FormField id={`${ids}-name`} label={T.newTagName} error={error}>
              <Input
                {...fieldA11y(`${ids}-name`, Boolean(error))}
                value={name}
                maxLength={20}
                autoComplete="off"
                onChange={(e) => {
                  setName(e.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
          ) : error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setMode(null)} disabled={busy}>
              {T.actionCancel}
            </Button>
            <Button type="submit" loading={busy}>
              {mode === 'followUp' ? T.followUpConfirm : T.tagConfirm}
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}
