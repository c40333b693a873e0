import {
  formTagDescriptionErrors,
  formTagNameErrors,
  LIMITS,
  liveTagDescriptionError,
  liveTagNameError,
  tagSubmitError,
  type TagFieldErrors,
  type TagFormValues,
} from '@pagecast/contract';
import { useId, useRef, useState } from 'react';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Textarea } from '../../primitives/textarea';

export const EMPTY_TAG_FORM: TagFormValues = { name: '', description: '' };

/** What a failed create / rename / delete rejects with: the server's error body as `data` (spec §8). */
export interface TagActionError {
  data?: { message?: string; fieldErrors?: Record<string, string[]> };
}

export function errorData(error: unknown): TagActionError['data'] {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as TagActionError).data;
  return typeof data === 'object' && data !== null ? data : undefined;
}

/** Server `fieldErrors` for the two form fields (other keys, e.g. pageId, are not the user's to fix). */
function tagFieldErrorsOf(error: unknown): TagFieldErrors {
  const fieldErrors = errorData(error)?.fieldErrors ?? {};
  const out: TagFieldErrors = {};
  if (fieldErrors.name?.length) out.name = fieldErrors.name;
  if (fieldErrors.description?.length) out.description = fieldErrors.description;
  return out;
}

export interface TagFormOptions {
  initial?: TagFormValues;
  /** The request; resolve on success, reject with a TagActionError-like value on failure. */
  action: (values: TagFormValues) => Promise<unknown>;
  onSuccess?: () => void;
  /** Form-level message after a failure (the spec's data.message or a fallback). */
  failureMessage: (error: unknown) => string;
  onFailure?: (error: unknown) => void;
}

/**
 * State of a tag form (create or rename) with the spec §5 order: live rules while typing, then on
 * submit 'All fields are required.' / 'Please fix the errors before submitting.', then the form rules,
 * then the request.
 */
export function useTagForm({
  initial = EMPTY_TAG_FORM,
  action,
  onSuccess,
  failureMessage,
  onFailure,
}: TagFormOptions) {
  const [values, setValues] = useState<TagFormValues>(initial);
  const [fieldErrors, setFieldErrors] = useState<TagFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  const live = {
    name: liveTagNameError(values.name),
    description: liveTagDescriptionError(values.description),
  };

  const setField = (field: keyof TagFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = async () => {
    if (inFlight.current) return;
    const submitError = tagSubmitError(values);
    if (submitError) {
      setFormError(submitError);
      return;
    }
    const name = formTagNameErrors(values.name);
    const description = formTagDescriptionErrors(values.description);
    if (name.length || description.length) {
      setFieldErrors({ name, description });
      return;
    }
    inFlight.current = true;
    setPending(true);
    setFormError(null);
    try {
      await action({ name: values.name.trim(), description: values.description.trim() });
      setValues(EMPTY_TAG_FORM);
      setFieldErrors({});
      onSuccess?.();
    } catch (error) {
      setFieldErrors(tagFieldErrorsOf(error));
      setFormError(failureMessage(error));
      onFailure?.(error);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return { values, setField, live, fieldErrors, formError, pending, submit };
}

export type TagFormState = ReturnType<typeof useTagForm>;

/** Messages under a field: the live one first, then submit-time ones, each once. */
function fieldMessages(live: string | undefined, submitted: string[] | undefined): string[] {
  return [...new Set([live, ...(submitted ?? [])].filter((m): m is string => Boolean(m)))];
}

/** Tag Name input (stops at 20) + Tag Description textarea (counter out of 60, capped at 200), with messages. */
export function TagFields({
  form,
  autoFocus = false,
}: {
  form: TagFormState;
  autoFocus?: boolean;
}) {
  const id = useId();
  const nameErrors = fieldMessages(form.live.name, form.fieldErrors.name);
  const descriptionErrors = fieldMessages(form.live.description, form.fieldErrors.description);
  return (
    <>
      <FormField id={`${id}-name`} label="Tag Name" error={nameErrors}>
        <Input
          {...fieldA11y(`${id}-name`, nameErrors.length > 0)}
          name="name"
          value={form.values.name}
          placeholder="e.g. VIP Customers"
          autoComplete="off"
          autoFocus={autoFocus}
          // Stops at the live rule's 20: typing past it only earned an error message.
          maxLength={LIMITS.tagNameLiveMax}
          onChange={(e) => form.setField('name', e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-description`} label="Tag Description" error={descriptionErrors}>
        <Textarea
          {...fieldA11y(`${id}-description`, descriptionErrors.length > 0)}
          name="description"
          value={form.values.description}
          placeholder="What do the users with this tag have in common?"
          maxLength={LIMITS.tagDescriptionMax}
          // The textarea is capped at 200 (spec), but the live rule allows 60: the counter shows that.
          counterMax={LIMITS.tagDescriptionLiveMax}
          showCounter
          rows={3}
          onChange={(e) => form.setField('description', e.target.value)}
        />
      </FormField>
    </>
  );
}

export { BusyButton, FormError } from '../../primitives/form-feedback';
