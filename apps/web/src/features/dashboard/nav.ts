import type { DashboardNavItem } from '@pagecast/ui/layout';

/** The sidebar 'Features' group: each goes to /dashboard/{key} (replace navigation). */
export const DASHBOARD_NAV_ITEMS = [
  { key: 'home', label: 'Home', icon: 'home' },
  { key: 'manage-tags', label: 'Manage Tags', icon: 'manage-tags' },
  { key: 'chats', label: 'Chats', icon: 'chats' },
  { key: 'schedule', label: 'Schedule', icon: 'schedule' },
  { key: 'analytics', label: 'Campaign Analytics', icon: 'analytics' },
] as const satisfies readonly DashboardNavItem[];

export type DashboardSection = (typeof DASHBOARD_NAV_ITEMS)[number]['key'];

/** Spec §2: the current page is the last path segment, default home. */
export function currentSection(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  return !last || last === 'dashboard' ? 'home' : last;
}

export function sectionLabel(key: string): string | undefined {
  return DASHBOARD_NAV_ITEMS.find((item) => item.key === key)?.label;
}
