import type { ReactNode } from 'react';
import { cn } from '../primitives/cn';

export interface LegalSectionDef {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long-form legal page: title, date line, table of contents and numbered sections. */
export function LegalDocument({
  title,
  dateLine,
  intro,
  sections,
}: {
  title: string;
  dateLine: string;
  intro: ReactNode;
  sections: LegalSectionDef[];
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="mb-8 border-b border-border pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{dateLine}</p>
        <div className="mt-4 grid gap-3 text-base leading-7 text-foreground/90">{intro}</div>
      </header>
      <nav aria-label="Contents" className="mb-10 rounded-xl border border-border bg-muted/40 p-5">
        <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Contents
        </h2>
        {/* Columns, not a grid: the numbers read down the first column, then the second. */}
        <ol className="mt-3 list-decimal gap-x-8 pl-5 text-sm sm:columns-2">
          {sections.map((section) => (
            <li key={section.id} className="mb-1.5 break-inside-avoid">
              <a
                href={`#${section.id}`}
                className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24"
          >
            <h2
              id={`${section.id}-title`}
              className="text-xl font-semibold tracking-tight text-foreground"
            >
              {index + 1}. {section.title}
            </h2>
            <div
              className={cn('mt-3 grid gap-3 text-base leading-7 text-foreground/90', legalProse)}
            >
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}

const legalProse =
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h3]:mt-2 [&_h3]:font-semibold [&_h3]:text-foreground ' +
  '[&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-1.5 [&_ol]:pl-6 [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-1.5 [&_ul]:pl-6 [&_strong]:font-semibold [&_strong]:text-foreground';
