import { z } from 'zod';
import { LIMITS } from '../constants';
import { TAG_MESSAGES as M } from './messages';

/**
 * Spec §5 "Tag creation" gives two rule sets. The web form runs both (live rules while typing,
 * form rules on submit); the server enforces both at once, so anything the form can submit is
 * what the server accepts: a name of 3-20 letters, digits, spaces and hyphens, a description of
 * 3-60 letters, digits, spaces, periods, commas and hyphens.
 */

// Letters and digits of any script: tag names are written by businesses everywhere.
const LIVE_NAME = /^[\p{L}\p{N}\s-]*$/u;
const LIVE_DESCRIPTION = /^[\p{L}\p{N}\s.,-]*$/u;
const FORM_NAME = /^[\p{L}\p{N} _-]*$/u;

/** Live typing rule for the name: the message to show, or undefined. */
export function liveTagNameError(name: string): string | undefined {
  if (name.length > LIMITS.tagNameLiveMax) return M.nameTooLongLive;
  if (!LIVE_NAME.test(name)) return M.nameInvalidLive;
  return undefined;
}

/** Live typing rule for the description: the message to show, or undefined. */
export function liveTagDescriptionError(description: string): string | undefined {
  if (description.length > LIMITS.tagDescriptionLiveMax) return M.descriptionTooLongLive;
  if (!LIVE_DESCRIPTION.test(description)) return M.descriptionInvalidLive;
  return undefined;
}

export interface TagFormValues {
  name: string;
  description: string;
}
export type TagFieldErrors = Partial<Record<keyof TagFormValues, string[]>>;

/** Form rules on one field each: every failing message, in the spec's order. */
export function formTagNameErrors(name: string): string[] {
  const value = name.trim();
  if (!value) return [M.nameRequired];
  const errors: string[] = [];
  if (value.length < LIMITS.tagNameMin) errors.push(M.nameTooShort);
  if (!FORM_NAME.test(value)) errors.push(M.nameInvalid);
  return errors;
}

export function formTagDescriptionErrors(description: string): string[] {
  const value = description.trim();
  if (!value) return [M.descriptionRequired];
  const errors: string[] = [];
  if (value.length < LIMITS.tagDescriptionMin) errors.push(M.descriptionTooShort);
  if (value.length > LIMITS.tagDescriptionMax) errors.push(M.descriptionTooLong);
  return errors;
}

/** Both rule sets on both fields: what the server answers in `fieldErrors`. */
export function tagFieldErrors(values: TagFormValues): TagFieldErrors {
  const errors: TagFieldErrors = {};
  const name = [...formTagNameErrors(values.name)];
  const live = liveTagNameError(values.name.trim());
  if (live && values.name.trim()) name.push(live);
  const description = [...formTagDescriptionErrors(values.description)];
  const liveDescription = liveTagDescriptionError(values.description.trim());
  if (liveDescription && values.description.trim()) description.push(liveDescription);
  if (name.length) errors.name = name;
  if (description.length) errors.description = description;
  return errors;
}

/**
 * The submit step of the live-typing form (spec §5): blank fields first, then any live error.
 * Returns the single message the form shows, or undefined when it may submit.
 */
export function tagSubmitError(values: TagFormValues): string | undefined {
  if (!values.name.trim() || !values.description.trim()) return M.allRequired;
  if (liveTagNameError(values.name) || liveTagDescriptionError(values.description))
    return M.fixErrors;
  return undefined;
}

/** Adds every message of `errors` to a zod context, under its field. */
function addIssues(ctx: z.RefinementCtx, errors: Record<string, string[] | undefined>) {
  for (const [field, messages] of Object.entries(errors)) {
    for (const message of messages ?? [])
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  }
}

const text = (required: string) =>
  z.string({ required_error: required, invalid_type_error: required }).max(10_000, required);

const tagFields = { name: text(M.nameRequired), description: text(M.descriptionRequired) };
const trimmed = <T extends TagFormValues>(values: T): T => ({
  ...values,
  name: values.name.trim(),
  description: values.description.trim(),
});

/** Tag name + description with both rule sets; values come out trimmed. */
export const tagFieldsSchema = z
  .object(tagFields)
  .superRefine((values, ctx) => addIssues(ctx, tagFieldErrors(values)))
  .transform(trimmed);

/** The same rules with the page the tag belongs to (POST /api/v1/tags). */
export const createTagBodySchema = z
  .object({ ...tagFields, pageId: z.string().regex(/^\d{1,32}$/, 'Must be a numeric id') })
  .superRefine((values, ctx) => addIssues(ctx, tagFieldErrors(values)))
  .transform(trimmed);
