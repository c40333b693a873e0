// The Schedule form's choice for contacts outside the 24-hour window: skip them, or send one of the page's
// approved utility templates with each parameter filled from the contact's name or a fixed text.
import {
  renderTemplate,
  TEMPLATE_LIMITS,
  TEMPLATE_PARAM_SOURCES,
  templateLanguageLabel,
  type MessageTemplate,
} from '@pagecast/contract';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Input } from '../../primitives/input';
import { Select } from '../../primitives/select';
import { SCHEDULE_TEXT as T } from './texts';

export type ParamChoice = { source: 'first_name' | 'last_name' | 'text'; text: string };
export type ParamChoices = Record<string, ParamChoice>;

/** The first guess for a parameter: a name parameter from the contact, anything else typed. */
export function defaultChoices(template: MessageTemplate | undefined): ParamChoices {
  return Object.fromEntries(
    (template?.params ?? []).map((p) => [
      p,
      {
        source: p === 'first_name' || p === 'last_name' ? p : 'text',
        text: '',
      } satisfies ParamChoice,
    ]),
  );
}

/** The choices as the campaign payload's `templateParams`. */
export function toParamMap(choices: ParamChoices) {
  return Object.fromEntries(
    Object.entries(choices).map(([name, c]) => [
      name,
      c.source === 'text' ? { source: 'text' as const, text: c.text } : { source: c.source },
    ]),
  );
}

/** What a contact named Alex Taylor would read. */
function preview(template: MessageTemplate, choices: ParamChoices): string {
  const values = Object.fromEntries(
    template.params.map((p) => {
      const c = choices[p];
      const v =
        c?.source === 'first_name' ? 'Alex' : c?.source === 'last_name' ? 'Taylor' : c?.text;
      return [p, v?.trim() ? v : `{{${p}}}`];
    }),
  );
  return renderTemplate(template.body, values);
}

export function TemplateSection({
  id,
  templates,
  loading,
  templateId,
  choices,
  templateError,
  paramsError,
  templatesHref,
  onTemplate,
  onChoice,
}: {
  id: (field: string) => string;
  /** The page's approved utility templates. */
  templates: MessageTemplate[];
  loading: boolean;
  templateId: string;
  choices: ParamChoices;
  templateError?: string;
  paramsError?: string;
  templatesHref: string;
  onTemplate: (templateId: string) => void;
  onChoice: (param: string, choice: ParamChoice) => void;
}) {
  const chosen = templates.find((t) => t.id === templateId);
  return (
    <div className="grid gap-3 rounded-md border border-border px-4 py-3">
      <FormField id={id('templateId')} label={T.templateLabel} error={templateError}>
        <Select
          {...fieldA11y(id('templateId'), Boolean(templateError))}
          options={[
            { value: '', label: T.templateSkip },
            ...(loading
              ? [{ value: '__loading', label: T.templateLoading, disabled: true }]
              : templates.map((t) => ({
                  value: t.id,
                  label: `${t.name} (${templateLanguageLabel(t.language)})`,
                }))),
          ]}
          value={templateId}
          onChange={(e) => onTemplate(e.target.value)}
        />
      </FormField>
      <p className="text-xs text-muted-foreground">
        {T.templateHint} {!loading && templates.length === 0 ? `${T.templateNone} ` : null}
        <a
          href={templatesHref}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {T.templateManage}
        </a>
      </p>
      {chosen ? (
        <>
          {chosen.params.map((p) => {
            const c = choices[p] ?? { source: 'text', text: '' };
            return (
              <div key={p} className="grid gap-2 @md:grid-cols-2">
                <FormField id={id(`param-${p}`)} label={T.paramSource(p)}>
                  <Select
                    id={id(`param-${p}`)}
                    options={TEMPLATE_PARAM_SOURCES.map((s) => ({
                      value: s.value,
                      label: s.label,
                    }))}
                    value={c.source}
                    onChange={(e) =>
                      onChoice(p, { ...c, source: e.target.value as ParamChoice['source'] })
                    }
                  />
                </FormField>
                {c.source === 'text' ? (
                  <FormField id={id(`param-${p}-text`)} label={T.paramText(p)}>
                    <Input
                      {...fieldA11y(id(`param-${p}-text`), Boolean(paramsError) && !c.text.trim())}
                      value={c.text}
                      maxLength={TEMPLATE_LIMITS.paramTextMax}
                      onChange={(e) => onChoice(p, { ...c, text: e.target.value })}
                    />
                  </FormField>
                ) : null}
              </div>
            );
          })}
          {paramsError ? (
            <p role="alert" className="text-sm text-destructive">
              {paramsError}
            </p>
          ) : null}
          <div className="grid gap-1 text-sm">
            <p className="text-xs font-medium text-muted-foreground">{T.templatePreview}</p>
            <p
              data-testid="template-preview"
              className="rounded-md bg-muted/60 px-3 py-2 whitespace-pre-wrap"
            >
              <bdi>{preview(chosen, choices)}</bdi>
            </p>
          </div>
        </>
      ) : null}
    </div>
  );
}
