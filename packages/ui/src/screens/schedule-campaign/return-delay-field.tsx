// Deliver on return's wait (docs/campaigns.md "Deliver on return"): the campaign goes once a person on the
// team has answered the contact, or after this many minutes without an answer, never as the instant reply.
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Select } from '../../primitives/select';
import { SCHEDULE_TEXT as T } from './texts';

/** The waits offered, in minutes (the API takes 1 to 720). */
export const RETURN_DELAY_CHOICES = [10, 30, 60, 120, 240] as const;

export function ReturnDelayField({
  id,
  minutes,
  error,
  onChange,
}: {
  id: string;
  minutes: number;
  error?: string;
  onChange: (minutes: number) => void;
}) {
  const choices: number[] = RETURN_DELAY_CHOICES.includes(
    minutes as (typeof RETURN_DELAY_CHOICES)[number],
  )
    ? [...RETURN_DELAY_CHOICES]
    : [...RETURN_DELAY_CHOICES, minutes].sort((a, b) => a - b);
  return (
    <FormField id={id} label={T.returnDelayLabel} error={error}>
      <Select
        {...fieldA11y(id, Boolean(error))}
        aria-describedby={[error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
        options={choices.map((m) => ({ value: String(m), label: T.returnDelay(m) }))}
        value={String(minutes)}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {T.returnDelayHint}
      </p>
    </FormField>
  );
}
