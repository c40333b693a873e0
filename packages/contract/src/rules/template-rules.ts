import { z } from 'zod';
import { TEMPLATE_MESSAGES as M } from './messages';

/**
 * Utility message templates (Meta's `message_templates`, category UTILITY): the rules Meta applies to a
 * template, checked here first so a bad one gets a clear message and no Graph call.
 */
export const TEMPLATE_LIMITS = {
  nameMax: 512,
  bodyMax: 1024,
  buttonsMax: 3,
  buttonTextMax: 25,
  buttonUrlMax: 2000,
  /** A fixed-text parameter value on a campaign. */
  paramTextMax: 200,
} as const;

/** Languages offered for a template (Meta's locale codes). */
export const TEMPLATE_LANGUAGES = [
  { value: 'en_US', label: 'English (US)' },
  { value: 'en_GB', label: 'English (UK)' },
  { value: 'es_ES', label: 'Spanish (Spain)' },
  { value: 'es_LA', label: 'Spanish (Latin America)' },
  { value: 'fr_FR', label: 'French' },
  { value: 'de_DE', label: 'German' },
  { value: 'it_IT', label: 'Italian' },
  { value: 'pt_BR', label: 'Portuguese (Brazil)' },
  { value: 'nl_NL', label: 'Dutch' },
  { value: 'id_ID', label: 'Indonesian' },
] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number]['value'];
const LANGUAGE_VALUES = TEMPLATE_LANGUAGES.map((l) => l.value) as [
  TemplateLanguage,
  ...TemplateLanguage[],
];
export const templateLanguageLabel = (code: string): string =>
  TEMPLATE_LANGUAGES.find((l) => l.value === code)?.label ?? code;

const TEMPLATE_NAME = /^[a-z0-9_]+$/;
/** `{{first_name}}` and the like; anything else between braces is a broken placeholder. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const PARAM_NAME = /^[a-z_][a-z0-9_]*$/;

/** The body's named parameters, each once, in order of first use. */
export function templateParams(body: string): string[] {
  const names: string[] = [];
  for (const m of body.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** The body with each `{{name}}` replaced by its value (what the contact will read). */
export function renderTemplate(body: string, values: Record<string, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The body's first broken rule, if any. */
export function templateBodyError(body: string): string | undefined {
  const text = body.trim();
  if (!text) return M.bodyRequired;
  if (text.length > TEMPLATE_LIMITS.bodyMax) return M.bodyTooLong;
  const params = templateParams(text);
  if (params.some((p) => !PARAM_NAME.test(p))) return M.paramInvalid;
  // Stray braces: Meta refuses a body whose placeholders it cannot read.
  if (text.replace(PLACEHOLDER, '').match(/\{\{|\}\}/)) return M.paramInvalid;
  return undefined;
}

export const TemplateButton = z.object({
  type: z.literal('URL'),
  text: z
    .string()
    .trim()
    .min(1, M.buttonTextRequired)
    .max(TEMPLATE_LIMITS.buttonTextMax, M.buttonTextTooLong),
  url: z
    .string()
    .trim()
    .max(TEMPLATE_LIMITS.buttonUrlMax, M.buttonUrlInvalid)
    .refine((u) => {
      try {
        return new URL(u).protocol === 'https:';
      } catch {
        return false;
      }
    }, M.buttonUrlInvalid),
});
export type TemplateButton = z.infer<typeof TemplateButton>;

/** The Templates screen's form, and the creation payload (with the page). */
export const templateFieldsSchema = z.object({
  // One message per field, the first rule broken (as a form shows it).
  name: z
    .any()
    .superRefine((value, ctx) => {
      const name = typeof value === 'string' ? value.trim() : '';
      const message = !name
        ? M.nameRequired
        : name.length > TEMPLATE_LIMITS.nameMax
          ? M.nameTooLong
          : TEMPLATE_NAME.test(name)
            ? undefined
            : M.nameInvalid;
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    })
    .transform((value) => (value as string).trim()),
  language: z.enum(LANGUAGE_VALUES, {
    errorMap: () => ({ message: M.languageInvalid }),
  }),
  body: z
    .any()
    .superRefine((value, ctx) => {
      const error = templateBodyError(typeof value === 'string' ? value : '');
      if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
    })
    .transform((v) => (v as string).trim()),
  buttons: z.array(TemplateButton).max(TEMPLATE_LIMITS.buttonsMax, M.tooManyButtons).default([]),
});
export const createTemplateBodySchema = templateFieldsSchema.extend({
  pageId: z.string().regex(/^\d{1,32}$/, 'Invalid page id'),
});
export type CreateTemplateInput = z.input<typeof createTemplateBodySchema>;
/** A creation payload after the rules ran (trimmed, defaults filled). */
export type CreateTemplateValues = z.output<typeof createTemplateBodySchema>;

/** Where a campaign takes one template parameter's value from, per recipient. */
export const TEMPLATE_PARAM_SOURCES = [
  { value: 'first_name', label: 'Contact first name' },
  { value: 'last_name', label: 'Contact last name' },
  { value: 'text', label: 'Fixed text' },
] as const;
export const TemplateParamSource = z.discriminatedUnion('source', [
  z.object({ source: z.literal('first_name') }),
  z.object({ source: z.literal('last_name') }),
  z.object({
    source: z.literal('text'),
    text: z
      .string()
      .trim()
      .min(1, M.paramTextRequired)
      .max(TEMPLATE_LIMITS.paramTextMax, M.paramTextTooLong),
  }),
]);
export type TemplateParamSource = z.infer<typeof TemplateParamSource>;
export const TemplateParamMap = z.record(z.string().regex(PARAM_NAME), TemplateParamSource);
export type TemplateParamMap = z.infer<typeof TemplateParamMap>;

/** The mapping's first problem against the template's parameters: each filled once, none unknown. */
export function templateParamMapError(
  params: readonly string[],
  map: TemplateParamMap,
): string | undefined {
  const missing = params.filter((p) => !map[p]);
  if (missing.length > 0) return `${M.paramMissing} ${missing.map((p) => `{{${p}}}`).join(', ')}`;
  const unknown = Object.keys(map).filter((k) => !params.includes(k));
  if (unknown.length > 0) return `${M.paramUnknown} ${unknown.map((p) => `{{${p}}}`).join(', ')}`;
  return undefined;
}

/**
 * One parameter's value for one contact. A missing name falls back to 'there' ("Hi there"): Meta refuses an
 * empty parameter, and a contact without a name must still get the update.
 */
export function templateParamValue(
  source: TemplateParamSource,
  contact: { firstName: string | null; lastName: string | null },
): string {
  if (source.source === 'text') return source.text;
  const name = source.source === 'first_name' ? contact.firstName : contact.lastName;
  return name?.trim() || NAME_FALLBACK;
}
export const NAME_FALLBACK = 'there';
