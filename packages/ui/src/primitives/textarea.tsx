import { useId, useState, type ChangeEvent, type ComponentProps } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

export interface TextareaProps extends ComponentProps<'textarea'> {
  /** Shows a live 'N/max' counter (just 'N' without maxLength), linked by aria-describedby. */
  showCounter?: boolean;
  /** The limit the counter shows when a rule allows less than the hard cap `maxLength`. */
  counterMax?: number;
  /** Classes for the wrapper (only rendered with showCounter). */
  wrapperClassName?: string;
}

function lengthOf(value: ComponentProps<'textarea'>['value']): number {
  if (value === undefined || value === null) return 0;
  return String(value).length;
}

/** Multi-line input with an optional live character counter. Works controlled or uncontrolled. */
export function Textarea({
  className,
  wrapperClassName,
  showCounter = false,
  counterMax,
  maxLength,
  value,
  defaultValue,
  onChange,
  ref,
  'aria-describedby': describedBy,
  ...props
}: TextareaProps) {
  const counterId = useId();
  const [uncontrolledLength, setUncontrolledLength] = useState(() => lengthOf(defaultValue));
  const length = value !== undefined ? lengthOf(value) : uncontrolledLength;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };

  const textarea = (
    <textarea
      ref={ref}
      maxLength={maxLength}
      value={value}
      defaultValue={defaultValue}
      onChange={handleChange}
      aria-describedby={cn(describedBy, showCounter && counterId) || undefined}
      className={cn(fieldClasses, 'min-h-20 resize-y py-2', className)}
      {...props}
    />
  );
  if (!showCounter) return textarea;

  const limit = counterMax ?? maxLength;
  const atLimit = limit !== undefined && length >= limit;
  return (
    <div className={cn('grid gap-1', wrapperClassName)}>
      {textarea}
      <p
        id={counterId}
        data-testid="textarea-counter"
        className={cn(
          'justify-self-end text-xs tabular-nums text-muted-foreground',
          atLimit && 'text-destructive',
        )}
      >
        {limit !== undefined ? `${length}/${limit}` : `${length}`}
      </p>
    </div>
  );
}
