import type { ReactNode } from 'react';
import { FieldError } from './field-error';
import { Label } from './label';

/** The props that tie a field's control to its label and error: its id, aria-invalid, and while invalid
 *  aria-describedby pointing at the FormField's error (`${id}-error`). */
export function fieldA11y(id: string, invalid: boolean) {
  return {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${id}-error` : undefined,
  } as const;
}

/** A labelled form field: label, the control (`children`, given fieldA11y(id, …)), then its error. A list
 *  of messages shows one per line; none (undefined, '' or []) shows nothing. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | readonly string[];
  children: ReactNode;
}) {
  const messages =
    typeof error === 'string' || error === undefined
      ? error
      : error.length
        ? error.map((m) => (
            <span key={m} className="block">
              {m}
            </span>
          ))
        : null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`}>{messages}</FieldError>
    </div>
  );
}
