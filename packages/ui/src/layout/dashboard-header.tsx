import { Fragment, type ReactNode } from 'react';
import { cn } from '../primitives/cn';
import { SidebarTrigger } from './sidebar';

export interface DashboardHeaderProps {
  /** Breadcrumb trail, e.g. ['Dashboard', 'Manage Tags']; the last entry is the current page. */
  breadcrumb: string[];
  /** Extra content on the right (theme switch, actions). */
  actions?: ReactNode;
  /**
   * The selected page's name: on phones (where the sidebar, which names it, is closed) it stands in for
   * the first crumb, so the screen always says which page it is about.
   */
  pageName?: string | null;
  className?: string;
}

/** Sticky header: sidebar toggle and breadcrumb (spec §2 "Dashboard layout"). */
export function DashboardHeader({
  breadcrumb,
  actions,
  pageName,
  className,
}: DashboardHeaderProps) {
  return (
    <header
      data-slot="dashboard-header"
      className={cn(
        'sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur',
        'supports-[backdrop-filter]:bg-background/80',
        className,
      )}
    >
      <SidebarTrigger className="-ml-1" />
      <div role="none" className="mx-1 h-4 w-px bg-border" />
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          {breadcrumb.map((crumb, index) => {
            const last = index === breadcrumb.length - 1;
            return (
              <Fragment key={`${index}-${crumb}`}>
                {index > 0 ? (
                  <li role="presentation" aria-hidden="true" className="select-none">
                    /
                  </li>
                ) : null}
                <li
                  className={cn('truncate', last && 'font-medium text-foreground')}
                  aria-current={last ? 'page' : undefined}
                >
                  {index === 0 && pageName && !last ? (
                    <>
                      <span data-slot="header-page-name" className="text-foreground md:hidden">
                        <bdi>{pageName}</bdi>
                      </span>
                      <span className="hidden md:inline">{crumb}</span>
                    </>
                  ) : (
                    crumb
                  )}
                </li>
              </Fragment>
            );
          })}
        </ol>
      </nav>
      {actions ? <div className="ml-auto flex items-center gap-2">{actions}</div> : null}
    </header>
  );
}
