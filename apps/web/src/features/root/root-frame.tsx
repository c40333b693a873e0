import type { ReactNode } from 'react';
import { PublicHeaderActionsContext, ThemeMenu } from '@pagecast/ui/layout/public-layout';
import { DeferredToaster } from '../../lib/deferred-toaster';
import { useTheme } from '../../lib/theme';
import { usePagesStore } from '../../stores';
import { routeTitle, useDocumentTitle } from './route-title';

/** Around every screen, in the app and in the public pages' own entry: the page plus the single Toaster
 *  (top-right, spec §2), which follows the theme actually shown, and the tab's title. Public pages get the
 *  theme menu in their header. No router here, so the public entry stays small. */
export function RootFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { preference, resolved, setTheme } = useTheme();
  const pageName = usePagesStore((s) => s.selectedPage?.name);
  useDocumentTitle(routeTitle(pathname, pageName));
  return (
    <PublicHeaderActionsContext.Provider
      value={<ThemeMenu value={preference} resolved={resolved} onChange={setTheme} />}
    >
      {children}
      <DeferredToaster position="top-right" theme={resolved} />
    </PublicHeaderActionsContext.Provider>
  );
}
