// Up to three link buttons under the campaign message (Meta's button template on standard sends): each a
// text of at most 20 characters and an https link. Optional: none sends plain text.
import { CAMPAIGN_BUTTON_LIMITS } from '@pagecast/contract';
import { Plus, X } from 'lucide-react';
import { Button } from '../../primitives/button';
import { Input } from '../../primitives/input';
import { BUTTONS_TEXT as B } from './texts';

export interface LinkButton {
  title: string;
  url: string;
}

export function ButtonsField({
  id,
  buttons,
  error,
  onChange,
}: {
  id: string;
  buttons: LinkButton[];
  error?: string;
  onChange: (buttons: LinkButton[]) => void;
}) {
  const put = (i: number, patch: Partial<LinkButton>) =>
    onChange(buttons.map((b, k) => (k === i ? { ...b, ...patch } : b)));
  const invalid = error ? true : undefined;
  return (
    <fieldset
      className="grid gap-3 rounded-md border border-border px-4 py-3"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend className="px-1 text-sm font-medium">{B.legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {B.hint}
      </p>
      {buttons.map((b, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
          <Input
            aria-label={B.title(i + 1)}
            aria-invalid={invalid}
            value={b.title}
            maxLength={CAMPAIGN_BUTTON_LIMITS.titleMax}
            placeholder={B.titlePlaceholder}
            onChange={(e) => put(i, { title: e.target.value })}
          />
          <Input
            type="url"
            aria-label={B.url(i + 1)}
            aria-invalid={invalid}
            value={b.url}
            placeholder="https://"
            onChange={(e) => put(i, { url: e.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={B.remove(i + 1)}
            onClick={() => onChange(buttons.filter((_, k) => k !== i))}
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {buttons.length < CAMPAIGN_BUTTON_LIMITS.max ? (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange([...buttons, { title: '', url: '' }])}
          >
            <Plus aria-hidden className="size-4" />
            {B.add}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
