/** Texts of the Campaign Analytics screen and the campaign detail (the detail goes beyond the spec). */
export const ANALYTICS_TEXT = {
  title: 'Campaign Analytics',
  description:
    "Your page's campaigns, newest first. Open one for its delivery funnel and recipients.",
  refresh: 'Refresh',
  open: 'Open campaign',
  loadError: 'Error loading campaigns:',
  emptyTitle: 'No campaigns yet',
  emptyDescription:
    'Schedule a campaign to all your users or to one tag: it shows up here with its delivery numbers.',
  scheduleFirst: 'Schedule a campaign',
  funnelTitle: 'Delivery funnel',
  recipientsTitle: 'Recipients',
  exportCsv: 'Export CSV',
  exportFailed: 'Failed to export the recipients.',
  cancel: 'Cancel campaign',
  cancelTitle: 'Cancel this campaign?',
  cancelDescription: (status: string) =>
    status === 'pending'
      ? 'It will not be sent. This cannot be undone.'
      : 'Sending stops within a few seconds; recipients already messaged keep their message. This cannot be undone.',
  cancelConfirm: 'Yes, cancel it',
  keep: 'Keep it',
  cancelled: 'Campaign cancelled.',
  cancelFailed: 'Failed to cancel the campaign.',
  live: 'Sending now: the numbers update as it goes.',
  noRecipients: 'No recipients for this filter.',
  recipientsPending: 'The audience is taken when the campaign starts.',
  allOutcomes: 'All outcomes',
  returnTitle: 'Deliver on return',
  returnWaiting: (waiting: number, until: string) =>
    `${waiting.toLocaleString('en')} skipped contact${waiting === 1 ? '' : 's'} get${waiting === 1 ? 's' : ''} the message if they write to the page before ${until}.`,
  returnOver: (until: string) => `The waiting time ended ${until}.`,
  returnSent: (n: number) => `${n.toLocaleString('en')} sent on return (counted in Dispatched).`,
  reachableOnly: 'Only contacts it could reach when it started',
  marketingTitle: 'Paid marketing messages',
  marketingWaiting: (at: string) =>
    `Subscribers outside the window get a marketing message. Meta lets them go from ${at} (its warm-up after the campaign was created there); until then they wait.`,
  marketingOn:
    'Subscribers outside the window get a marketing message; Meta bills each one delivered.',
  unknownHelp:
    'The answer to these sends was lost (crash or timeout): they may have been delivered, and were not re-sent. Review them.',
} as const;

/** How a recipient's message went ('Sent as'): the row's messaging type in words. */
export const SENT_AS_LABELS: Record<string, string> = {
  UPDATE: 'Standard message',
  RESPONSE: 'Standard message',
  UTILITY: 'Utility template',
  MARKETING: 'Marketing message (paid)',
  MESSAGE_TAG: 'Message tag',
};

export const OUTCOME_LABELS: Record<string, string> = {
  queued: 'Not sent yet',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown (review)',
  skipped: 'Skipped',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM-DD HH:mm UTC' (the Schedule screen picks times in UTC). */
export function formatScheduled(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
