import { createContext, useContext, type ReactNode } from 'react';
import { Brand } from '../components/brand';
import { SiteFooter } from '../components/site-footer';
import { cn } from '../primitives/cn';

/** Header actions the app provides once for every public page (e.g. its theme toggle), so the pure
 *  public screens need no extra prop. An explicit `headerActions` prop wins. */
export const PublicHeaderActionsContext = createContext<ReactNode>(null);

/** The public pages' sticky header: the product name linking to /, then `children`. `className` sets the
 *  row's height, wrapping and gaps. */
export function PublicHeader({
  children,
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div
        className={cn(
          'mx-auto flex max-w-6xl items-center justify-between px-4 sm:px-6',
          className,
        )}
      >
        <Brand />
        {children}
      </div>
    </header>
  );
}

/** The frame of every public page, landing included: a skip link (WCAG 2.4.1), the given `header`, the
 *  main landmark it skips to, and the footer links. */
export function PublicShell({
  header,
  children,
  className,
}: {
  header: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {header}
      <main
        id="main-content"
        tabIndex={-1}
        className={cn('flex-1 focus:outline-hidden', className)}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

export interface PublicLayoutProps {
  children: ReactNode;
  /** Extra content at the right of the header (e.g. a theme toggle). */
  headerActions?: ReactNode;
  className?: string;
}

/** Shell for the public pages (privacy, terms, revoke access, deletion status): header with the product
 *  name linking to /, a main landmark, and the footer links. */
export function PublicLayout({
  children,
  headerActions: actionsProp,
  className,
}: PublicLayoutProps) {
  const contextActions = useContext(PublicHeaderActionsContext);
  const headerActions = actionsProp ?? contextActions;
  return (
    <PublicShell
      className={className}
      header={
        <PublicHeader className="h-16 gap-4">
          {headerActions ? <div className="flex items-center gap-2">{headerActions}</div> : null}
        </PublicHeader>
      }
    >
      {children}
    </PublicShell>
  );
}

export { ThemeMenu, type ThemeMenuProps, type ThemeMenuValue } from './theme-menu';
