// The browser tab's title per route: what the screen is, the page it is about (dashboard), the product.
// One tab among many must say which page's inbox or campaigns it holds.
import { useEffect } from 'react';
import { sectionLabel } from '../dashboard';

const PRODUCT = 'Pagecast';

const PUBLIC_TITLES: Record<string, string> = {
  '/': `${PRODUCT} — Your Bulk Messaging App`,
  '/privacy-policy': `Privacy Policy — ${PRODUCT}`,
  '/terms-and-conditions': `Terms of Service — ${PRODUCT}`,
  '/revoke-access': `Revoke Access — ${PRODUCT}`,
  '/select': `Choose a page — ${PRODUCT}`,
};

/** 'Chats · Crumb & Co. Bakery — Pagecast', 'Privacy Policy — Pagecast', 'Page not found — Pagecast'. */
export function routeTitle(pathname: string, pageName: string | null | undefined): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = PUBLIC_TITLES[path];
  if (known) return known;
  if (path.startsWith('/deletion-status/')) return `Deletion status — ${PRODUCT}`;
  const dashboard = /^\/dashboard(?:\/([^/]+))?$/.exec(path);
  if (dashboard) {
    const label = sectionLabel(dashboard[1] ?? 'home');
    if (label) return `${label}${pageName ? ` · ${pageName}` : ''} — ${PRODUCT}`;
  }
  return `Page not found — ${PRODUCT}`;
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
