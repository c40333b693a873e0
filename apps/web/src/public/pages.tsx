// The public pages that need neither the API nor the router: the landing page, the privacy policy and the
// terms. A visit of one of them loads this entry (public.html, main.tsx): React and that page, not the
// app's router, query client and dashboard code. The build prerenders each (render.tsx), so its text is in
// the HTML before any script runs.
import type { ComponentType } from 'react';
import { RootFrame } from '../features/root';

export const PUBLIC_PATHS = ['/', '/privacy-policy', '/terms-and-conditions'] as const;
export type PublicPath = (typeof PUBLIC_PATHS)[number];

export function isPublicPath(path: string): path is PublicPath {
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** Each page's module, loaded on its own: the landing page does not fetch the terms, nor the reverse. */
export const PUBLIC_SCREENS: Record<PublicPath, () => Promise<ComponentType>> = {
  '/': () => import('./landing').then((m) => m.Landing),
  '/privacy-policy': () =>
    import('@pagecast/ui/screens/privacy-policy').then((m) => m.PrivacyPolicyScreen),
  '/terms-and-conditions': () => import('@pagecast/ui/screens/terms').then((m) => m.TermsScreen),
};

export function PublicPage({ path, Screen }: { path: PublicPath; Screen: ComponentType }) {
  return (
    <RootFrame pathname={path}>
      <Screen />
    </RootFrame>
  );
}
