import type { MouseEvent } from 'react';
import type { BadgeVariant } from '../../primitives/badge';

export type HomeSection = 'chats' | 'manage-tags' | 'schedule' | 'analytics';

/** An in-app link to a dashboard section: a real href plus the client-side navigation. */
export type HomeLink = (section: HomeSection) => {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

export const HOME_TEXT = {
  title: 'Home',
  description: (page: string) => `An overview of ${page}.`,
  contacts: 'Contacts',
  insideWindow: (n: number) => `${n.toLocaleString()} can be messaged now (24-hour window)`,
  tags: 'Tags',
  tagsHint: 'Groups of contacts for targeted campaigns',
  sync: 'Last sync',
  syncNever: 'Not synced yet',
  syncing: 'Syncing…',
  syncingHint: (processed: string, total: string | null) =>
    total === null ? `${processed} conversations so far` : `${processed} of ${total} conversations`,
  syncNeverHint: 'Contacts are synced from your page when you open the dashboard.',
  upcoming: 'Upcoming campaigns',
  upcomingHint: 'The next scheduled campaigns, soonest first',
  noUpcoming: 'No campaigns scheduled',
  noUpcomingHint: 'Schedule a message to all your contacts or to the contacts of one tag.',
  scheduleFirst: 'Schedule your first campaign',
  scheduleAnother: 'Schedule a campaign',
  lastCampaign: 'Last campaign',
  noLastCampaign: 'No campaigns sent yet',
  noLastCampaignHint: 'Once a campaign goes out, its delivery and interaction numbers show here.',
  viewAnalytics: 'View analytics',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  interacted: 'Interacted',
  allUsers: 'All users',
  openChats: 'Open chats',
  manageTags: 'Manage tags',
  createFirstTag: 'Create your first tag',
  gettingStarted: 'Get started',
  gettingStartedHint: 'Three steps to your first campaign.',
  stepSync: 'Sync your page’s contacts',
  stepSyncHint: 'People who messaged your page become contacts you can reach.',
  stepTag: 'Create your first tag',
  stepTagHint: 'Group contacts, e.g. “VIP” or “Newsletter”.',
  stepCampaign: 'Schedule your first campaign',
  stepCampaignHint: 'Pick a time, an audience and write your message.',
  noContactsHint:
    'No contacts yet: they appear once people message your page and the sync finishes.',
  errorTitle: 'Could not load the overview',
  retry: 'Try again',
} as const;

export const SYNC_STATE: Record<string, { label: string; variant: BadgeVariant }> = {
  completed: { label: 'Completed', variant: 'success' },
  running: { label: 'Running', variant: 'warning' },
  waiting: { label: 'Waiting', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
  not_found: { label: 'Not found', variant: 'destructive' },
};
