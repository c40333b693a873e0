import { createContext, useContext, type ReactNode } from 'react';
import { Brand } from '../components/brand';
import { SiteFooter } from '../components/site-footer';
import { cn } from '../primitives/cn';

/** Header actions the app provides once for every public page (e.g. its theme toggle), so the pure
 *  public screens need no extra prop. An explicit `headerActions` prop wins. */
export const PublicHeaderActionsContext = createContext<ReactNode>(null);

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
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          {headerActions ? <div className="flex items-center gap-2">{headerActions}</div> : null}
        </div>
      </header>
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

export { ThemeMenu, type ThemeMenuProps, type ThemeMenuValue } from './theme-menu';
