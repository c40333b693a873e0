import type { DashboardNavItem } from '@pagecast/ui/layout';

/** The sidebar 'Features' group: each goes to /dashboard/{key} (replace navigation). */
export const DASHBOARD_NAV_ITEMS = [
  { key: 'home', label: 'Home', icon: 'home' },
  { key: 'manage-tags', label: 'Manage Tags', icon: 'manage-tags' },
  { key: 'chats', label: 'Chats', icon: 'chats' },
  { key: 'schedule', label: 'Schedule', icon: 'schedule' },
  // Utility templates: Meta's path to contacts outside the 24-hour window (not in the spec's list).
  { key: 'templates', label: 'Templates', icon: 'templates' },
  // Marketing messages: Meta's paid path to subscribers outside the window (not in the spec's list).
  { key: 'marketing', label: 'Marketing', icon: 'marketing' },
  { key: 'analytics', label: 'Campaign Analytics', icon: 'analytics' },
] as const satisfies readonly DashboardNavItem[];

/** The sidebar 'Settings' group: the selected page's settings, each at /dashboard/{key} too. */
export const SETTINGS_NAV_ITEMS = [
  { key: 'webhooks', label: 'Webhooks', icon: 'webhooks' },
] as const satisfies readonly DashboardNavItem[];

/** Screens that act on the page's audience: only for a role with messaging (the API answers 403 too). */
export const MESSAGING_SECTIONS: readonly string[] = [
  'manage-tags',
  'chats',
  'schedule',
  'templates',
  'marketing',
  'webhooks',
];

/** The items the admin's role on the page allows (an older stored page without the flag shows all). */
export function navItemsFor(canMessage: boolean | undefined): DashboardNavItem[] {
  return DASHBOARD_NAV_ITEMS.filter(
    (i) => canMessage !== false || !MESSAGING_SECTIONS.includes(i.key),
  );
}

/** The settings the role allows: webhooks carry the page's conversations, so they need messaging too. */
export function settingsItemsFor(canMessage: boolean | undefined): DashboardNavItem[] {
  return SETTINGS_NAV_ITEMS.filter(
    (i) => canMessage !== false || !MESSAGING_SECTIONS.includes(i.key),
  );
}

export type DashboardSection =
  (typeof DASHBOARD_NAV_ITEMS)[number]['key'] | (typeof SETTINGS_NAV_ITEMS)[number]['key'];

/** Spec §2: the current page is the last path segment, default home. */
export function currentSection(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  return !last || last === 'dashboard' ? 'home' : last;
}

/** Dashboard screens outside the sidebar (reached from the user menu). */
export const OTHER_SECTIONS = [{ key: 'account', label: 'Account' }] as const;

export function sectionLabel(key: string): string | undefined {
  return [...DASHBOARD_NAV_ITEMS, ...SETTINGS_NAV_ITEMS, ...OTHER_SECTIONS].find(
    (item) => item.key === key,
  )?.label;
}
