import type { ReactNode } from 'react';
import { PublicHeaderActionsContext, ThemeMenu } from '@pagecast/ui/layout/public-layout';
import { DeferredToaster } from '../../lib/deferred-toaster';
import { useTheme } from '../../lib/theme';

/** Mounted once around every route: the page plus the single Toaster (top-right, spec §2), which follows
 *  the theme actually shown. Public pages get the theme menu in their header. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { preference, resolved, setTheme } = useTheme();
  return (
    <PublicHeaderActionsContext.Provider
      value={<ThemeMenu value={preference} resolved={resolved} onChange={setTheme} />}
    >
      {children}
      <DeferredToaster position="top-right" theme={resolved} />
    </PublicHeaderActionsContext.Provider>
  );
}
