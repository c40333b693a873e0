// The Schedule form's reach choices for contacts no path reaches now (outside the 24-hour window, no utility
// template): leave them out ('Only contacts I can reach', the default), list them as skipped, or keep them
// waiting for their return (deliver on return, which needs them in the audience).
import { DELIVER_ON_RETURN_CHOICES } from '@pagecast/contract';
import { Checkbox } from '../../primitives/checkbox';
import { fieldA11y, FormField } from '../../primitives/form-field';
import { Select } from '../../primitives/select';
import { SCHEDULE_TEXT as T } from './texts';

export function ReachSection({
  id,
  reachableOnly,
  returnDays,
  returnError,
  onReachableOnly,
  onReturnDays,
}: {
  id: (field: string) => string;
  reachableOnly: boolean;
  /** 0 = off. */
  returnDays: number;
  returnError?: string;
  onReachableOnly: (on: boolean) => void;
  onReturnDays: (days: number) => void;
}) {
  return (
    <div className="grid gap-4 rounded-md border border-border px-4 py-3">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id('reachableOnly')}
          checked={reachableOnly}
          aria-describedby={`${id('reachableOnly')}-hint`}
          className="mt-0.5"
          onChange={(e) => onReachableOnly(e.target.checked)}
        />
        <div className="grid gap-1">
          <label htmlFor={id('reachableOnly')} className="text-sm font-medium">
            {T.reachableOnlyLabel}
          </label>
          <p id={`${id('reachableOnly')}-hint`} className="text-xs text-muted-foreground">
            {T.reachableOnlyHint}
          </p>
        </div>
      </div>
      <FormField id={id('deliverOnReturnDays')} label={T.returnLabel} error={returnError}>
        <Select
          {...fieldA11y(id('deliverOnReturnDays'), Boolean(returnError))}
          aria-describedby={[
            returnError ? `${id('deliverOnReturnDays')}-error` : '',
            `${id('deliverOnReturnDays')}-hint`,
          ]
            .filter(Boolean)
            .join(' ')}
          options={DELIVER_ON_RETURN_CHOICES.map((d) => ({
            value: String(d),
            label: d === 0 ? T.returnOff : T.returnDays(d),
          }))}
          value={String(returnDays)}
          onChange={(e) => onReturnDays(Number(e.target.value))}
        />
        <p id={`${id('deliverOnReturnDays')}-hint`} className="text-xs text-muted-foreground">
          {T.returnHint}
        </p>
      </FormField>
    </div>
  );
}
