// The Schedule form's paid path for contacts outside the 24-hour window: a marketing message (Meta's
// Marketing Message API) to those who subscribed, when the page is set up for it. Meta bills each delivery.
import { Checkbox } from '../../primitives/checkbox';
import { FieldError } from '../../primitives/field-error';
import { SCHEDULE_TEXT as T } from './texts';

export function MarketingChoice({
  id,
  checked,
  subscribers,
  error,
  onChange,
}: {
  id: string;
  checked: boolean;
  /** Subscribers outside the window in this audience. */
  subscribers: number;
  error?: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="grid gap-1 rounded-md border border-border px-4 py-3">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
          className="mt-0.5"
          onChange={(e) => onChange(e.target.checked)}
        />
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            {T.marketingLabel}
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {T.marketingHint(subscribers)}
          </p>
        </div>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
