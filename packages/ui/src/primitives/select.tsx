import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'children'> {
  options: SelectOption[];
  /** Optional first option with value '' (disabled; shown when nothing is chosen). */
  placeholder?: string;
  wrapperClassName?: string;
  /** Options under headings (<optgroup>), after `options`: a long list stays easy to scan and type into. */
  groups?: Array<{ label: string; options: SelectOption[] }>;
}

/** Native <select>, styled. */
export function Select({
  options,
  placeholder,
  className,
  wrapperClassName,
  groups,
  ref,
  ...props
}: SelectProps) {
  return (
    <div className={cn('relative w-full', wrapperClassName)}>
      <select
        ref={ref}
        className={cn(fieldClasses, 'h-10 cursor-pointer appearance-none py-2 pr-9', className)}
        {...props}
      >
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
