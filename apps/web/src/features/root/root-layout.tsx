import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { RootFrame } from './root-frame';

/** Mounted once around every route of the app. */
export function RootLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return <RootFrame pathname={pathname}>{children}</RootFrame>;
}
