import type { MouseEvent } from 'react';
import type { WebhookFeature } from '@pagecast/contract';
import type { BadgeVariant } from '../../primitives/badge';

export type HomeSection = 'chats' | 'manage-tags' | 'schedule' | 'analytics';

/** An in-app link to a dashboard section: a real href plus the client-side navigation. */
export type HomeLink = (section: HomeSection) => {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** The inbox's queue views Home links to (docs/inbox.md "The queue"). */
export type HomeQueueView = 'needs_reply' | 'unread' | 'mine';

export const HOME_TEXT = {
  needReply: (n: string, one: boolean) => `${n} ${one ? 'needs' : 'need'} a reply`,
  unreadChats: (n: string) => `${n} unread`,
  assignedToYou: (n: string) => `${n} assigned to you`,
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
  webhooksTitle: 'Some updates from Facebook are off',
  webhooksFeature: {
    inbox: 'Incoming messages are off: new messages, deliveries and reads do not reach Pagecast.',
    template_status:
      'Template status updates are off: approvals show only when you open Templates.',
    optins: 'Marketing opt-ins are off: answers to “Ask to subscribe” do not reach Pagecast.',
    marketing_deliveries: 'Marketing message deliveries are off: campaign numbers stay incomplete.',
    marketing_reads: 'Marketing message reads are off: campaign numbers stay incomplete.',
    marketing_clicks: 'Marketing message clicks are off: campaign numbers stay incomplete.',
    marketing_delivery_failed:
      'Marketing delivery failures are off: Meta’s reports of messages it could not deliver do not reach Pagecast.',
  } as Record<WebhookFeature, string>,
  webhooksReason: (reason: 'permission' | 'refused' | 'failed', permission: string | null) =>
    reason === 'permission' && permission
      ? `Meta refused it: log in again and allow ${permission.split(/,\s*/).join(' or ')} for this page.`
      : reason === 'refused'
        ? 'Meta refused it. Pagecast asks again within 6 hours, or when you log in again.'
        : 'Facebook could not be reached. Pagecast tries again within 6 hours, or when you log in again.',
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
