import type { ReactNode } from 'react';
import { Toaster } from '@pagecast/ui';
import { currentTheme } from '../../lib/theme';

/** Mounted once around every route: the page plus the single Toaster (top-right, spec §2). */
export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster position="top-right" theme={currentTheme()} />
    </>
  );
}
