// The 'New template' form: name, language, text with named parameters, up to three link buttons. The
// contract's rules run here first (one message per field); the server's field errors land on their fields.
import {
  TEMPLATE_LANGUAGES,
  TEMPLATE_LIMITS,
  templateFieldsSchema,
  templateParams,
  type TemplateButton,
  type TemplateLanguage,
} from '@pagecast/contract';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../primitives/button';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { Textarea } from '../../primitives/textarea';
import { toast } from '../../primitives/toaster';
import { BusyButton, FormError } from '../../primitives/form-feedback';
import { TEMPLATES_TEXT as T } from './texts';

export interface TemplateFormValues {
  name: string;
  language: TemplateLanguage;
  body: string;
  buttons: TemplateButton[];
}

/** What a failed create rejects with: the server's message and field errors. */
export interface TemplateActionError {
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

const EMPTY: TemplateFormValues = { name: '', language: 'en_US', body: '', buttons: [] };

export function TemplateForm({
  onCreate,
}: {
  onCreate: (values: TemplateFormValues) => Promise<unknown>;
}) {
  const ids = useId();
  const id = (f: string) => `${ids}-${f}`;
  const [values, setValues] = useState<TemplateFormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = <K extends keyof TemplateFormValues>(key: K, value: TemplateFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const setButton = (i: number, patch: Partial<TemplateButton>) =>
    set(
      'buttons',
      values.buttons.map((b, k) => (k === i ? { ...b, ...patch } : b)),
    );

  const submit = async () => {
    if (pending) return;
    const parsed = templateFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message;
      setErrors(next);
      return;
    }
    setPending(true);
    setFormError(null);
    try {
      await onCreate(values);
      toast.success(T.submitted);
      setValues(EMPTY);
      setErrors({});
    } catch (err) {
      const body = (err ?? {}) as TemplateActionError;
      const next: Record<string, string> = {};
      for (const [key, messages] of Object.entries(body.fieldErrors ?? {}))
        if (messages[0]) next[key] = messages[0];
      setErrors(next);
      setFormError(body.message || T.submitFailed);
    } finally {
      setPending(false);
    }
  };

  const params = templateParams(values.body);
  return (
    <form
      noValidate
      aria-label={T.createSection}
      className="grid gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-5 @xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FormField id={id('name')} label={T.nameLabel} error={errors.name}>
          <Input
            {...fieldA11y(id('name'), Boolean(errors.name))}
            value={values.name}
            placeholder="order_update"
            autoComplete="off"
            spellCheck={false}
            maxLength={TEMPLATE_LIMITS.nameMax}
            onChange={(e) => set('name', e.target.value)}
          />
          <p className="text-xs text-muted-foreground">{T.nameHint}</p>
        </FormField>
        <FormField id={id('language')} label={T.languageLabel} error={errors.language}>
          <Select
            {...fieldA11y(id('language'), Boolean(errors.language))}
            options={TEMPLATE_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
            value={values.language}
            onChange={(e) => set('language', e.target.value as TemplateLanguage)}
          />
        </FormField>
      </div>
      <FormField id={id('body')} label={T.bodyLabel} error={errors.body}>
        <Textarea
          {...fieldA11y(id('body'), Boolean(errors.body))}
          value={values.body}
          placeholder={T.bodyPlaceholder}
          showCounter
          maxLength={TEMPLATE_LIMITS.bodyMax}
          className="min-h-28"
          onChange={(e) => set('body', e.target.value)}
        />
        <p className="text-xs text-muted-foreground">{T.bodyHint}</p>
        {params.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            {T.params}: {params.map((p) => `{{${p}}}`).join(', ')}
          </p>
        ) : null}
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{T.buttonsLabel}</legend>
        {values.buttons.map((b, i) => (
          // Buttons have no id of their own; their order is their identity while editing.
          <div key={i} className="grid gap-2 @xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
            <FormField
              id={id(`b${i}t`)}
              label={`${T.buttonText} ${i + 1}`}
              error={errors[`buttons.${i}.text`]}
            >
              <Input
                {...fieldA11y(id(`b${i}t`), Boolean(errors[`buttons.${i}.text`]))}
                value={b.text}
                maxLength={TEMPLATE_LIMITS.buttonTextMax}
                onChange={(e) => setButton(i, { text: e.target.value })}
              />
            </FormField>
            <FormField
              id={id(`b${i}u`)}
              label={`${T.buttonUrl} ${i + 1}`}
              error={errors[`buttons.${i}.url`]}
            >
              <Input
                {...fieldA11y(id(`b${i}u`), Boolean(errors[`buttons.${i}.url`]))}
                type="url"
                inputMode="url"
                value={b.url}
                placeholder="https://"
                onChange={(e) => setButton(i, { url: e.target.value })}
              />
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="self-end"
              aria-label={`${T.removeButton} ${i + 1}`}
              onClick={() =>
                set(
                  'buttons',
                  values.buttons.filter((_, k) => k !== i),
                )
              }
            >
              <X aria-hidden />
            </Button>
          </div>
        ))}
        {errors.buttons ? <p className="text-sm text-destructive">{errors.buttons}</p> : null}
        {values.buttons.length < TEMPLATE_LIMITS.buttonsMax ? (
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                set('buttons', [...values.buttons, { type: 'URL', text: '', url: '' }])
              }
            >
              <Plus aria-hidden />
              {T.addButton}
            </Button>
          </div>
        ) : null}
      </fieldset>
      <FormError>{formError}</FormError>
      <div>
        <BusyButton type="submit" busy={pending} className="w-full sm:w-auto">
          {pending ? T.submitting : T.submit}
        </BusyButton>
      </div>
    </form>
  );
}
