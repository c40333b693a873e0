import type { ReactNode } from 'react';
import { Toaster } from '@pagecast/ui';
import { PublicHeaderActionsContext } from '@pagecast/ui/screens/public-layout';
import { useTheme } from '../../lib/theme';
import { ThemeToggle } from '../theme/theme-toggle';

/** Mounted once around every route: the page plus the single Toaster (top-right, spec §2), which follows
 *  the theme actually shown. Public pages get the theme toggle in their header. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { resolved } = useTheme();
  return (
    <PublicHeaderActionsContext.Provider value={<ThemeToggle />}>
      {children}
      <Toaster position="top-right" theme={resolved} />
    </PublicHeaderActionsContext.Provider>
  );
}
