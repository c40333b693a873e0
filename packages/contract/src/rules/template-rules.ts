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

/**
 * A template's status: Meta's ten (`pagemessage_templates_status_enum_param` in Meta's Graph spec), lower-case.
 * Only an approved template can be sent; the Templates screen says what each of the others means.
 */
export const TEMPLATE_STATUSES = [
  'approved',
  'pending',
  'in_appeal',
  'rejected',
  'paused',
  'disabled',
  'limit_exceeded',
  'archived',
  'pending_deletion',
  'deleted',
] as const;
type Status = (typeof TEMPLATE_STATUSES)[number];

/** Meta's status word to ours; a word Meta adds later reads as pending (not sendable, nothing claimed). */
export function templateStatusOf(meta: string | null | undefined): Status {
  const s = (meta ?? '').trim().toLowerCase();
  return (TEMPLATE_STATUSES as readonly string[]).includes(s) ? (s as Status) : 'pending';
}

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
/** `{{first_name}}`, `{{1}}` and the like; anything else between braces is a broken placeholder. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const PARAM_NAME = /^[a-z_][a-z0-9_]*$/;
const PARAM_POSITION = /^[1-9][0-9]*$/;
/** A campaign's mapping key: a NAMED template's parameter name, or a POSITIONAL one's position. */
const PARAM_KEY = /^(?:[a-z_][a-z0-9_]*|[1-9][0-9]*)$/;

/**
 * Meta's two parameter formats (`parameter_format` of `POST /{page-id}/message_templates`): POSITIONAL
 * (`{{1}}`, `{{2}}` …, Meta's default when none is given) and NAMED (`{{first_name}}`). A template uses one.
 */
export const TEMPLATE_PARAMETER_FORMATS = ['POSITIONAL', 'NAMED'] as const;
export type TemplateParameterFormat = (typeof TEMPLATE_PARAMETER_FORMATS)[number];

/**
 * Words of the body besides its parameters that Meta wants per parameter. Meta rejects a template with too many
 * parameters for its length (`PARAMS_TO_WORD_RATIO_EXCEED_LIMIT`) but publishes no figure: this is the
 * threshold reported for the same rule on WhatsApp (words + parameters >= 3 x parameters + 1), a guess.
 */
export const WORDS_PER_PARAM = 2;

/** The body's placeholders as written, in order of use (repeats included). */
function placeholders(body: string): string[] {
  return [...body.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/**
 * The body's parameters, each once: a NAMED template's names in order of first use, a POSITIONAL one's
 * positions in number order ('1', '2', …), which is the order Meta fills them in.
 */
export function templateParams(body: string): string[] {
  const names: string[] = [];
  for (const name of placeholders(body)) if (!names.includes(name)) names.push(name);
  return names.length > 0 && names.every((n) => PARAM_POSITION.test(n))
    ? names.sort((a, b) => Number(a) - Number(b))
    : names;
}

/** The format of a template with these parameters (POSITIONAL, Meta's default, when it has none). */
export function templateParameterFormat(params: readonly string[]): TemplateParameterFormat {
  return params.length > 0 && params.every((p) => !PARAM_POSITION.test(p)) ? 'NAMED' : 'POSITIONAL';
}

/** The body with each `{{name}}` or `{{1}}` replaced by its value (what the contact will read). */
export function renderTemplate(body: string, values: Record<string, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** The body's words that are not parameters (what Meta's parameters-to-words ratio counts). */
export function templateWordCount(body: string): number {
  return body
    .replace(PLACEHOLDER, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The body's first broken rule, if any: the format first, then Meta's creation and review rules. */
export function templateBodyError(body: string): string | undefined {
  const text = body.trim();
  if (!text) return M.bodyRequired;
  if (text.length > TEMPLATE_LIMITS.bodyMax) return M.bodyTooLong;
  // Stray braces: Meta refuses a body whose placeholders it cannot read.
  if (text.replace(PLACEHOLDER, '').match(/\{\{|\}\}/)) return M.paramInvalid;
  const used = placeholders(text);
  if (used.length === 0) return undefined;
  const positional = used.filter((p) => PARAM_POSITION.test(p)).length;
  if (positional > 0 && positional < used.length) return M.paramMixed;
  if (positional === 0 && used.some((p) => !PARAM_NAME.test(p))) return M.paramInvalid;
  const params = templateParams(text);
  if (positional > 0 && params.some((p, i) => p !== String(i + 1))) return M.paramSequence;
  // Meta: "The message template cannot start or end with a parameter … dangling parameters are not allowed."
  if (/^\{\{[^{}]*\}\}/.test(text) || /\{\{[^{}]*\}\}$/.test(text)) return M.paramDangling;
  const words = templateWordCount(text);
  const needed = WORDS_PER_PARAM * used.length + 1;
  if (words < needed) return M.paramRatio(used.length, needed, words);
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
/** How a campaign fills each parameter, keyed by name (NAMED) or position ('1', '2', …: POSITIONAL). */
export const TemplateParamMap = z.record(z.string().regex(PARAM_KEY), TemplateParamSource);
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
