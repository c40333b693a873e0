// The reminder of Meta's messaging policy under the form.
import { ExternalLink, Info } from 'lucide-react';
import { SCHEDULE_TEXT } from './texts';

const T = SCHEDULE_TEXT;

export function PolicyNotice() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-md border border-warning/60 bg-warning/15 px-4 py-3 text-sm text-warning-foreground dark:text-foreground"
    >
      <Info
        aria-hidden
        className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning"
      />
      <p>
        {T.policyNotice}{' '}
        <a
          href={T.policyUrl}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1 font-medium underline underline-offset-4"
        >
          {T.policyLink}
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      </p>
    </div>
  );
}
