/** Texts of the Campaign Analytics screen and the campaign detail (the detail goes beyond the spec). */
import { formatStamp } from '@pagecast/contract';

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
  recipientsNeedMessaging:
    'Who received this campaign (names and ids) is shown to roles with messaging on this page. Ask a page admin on Facebook to give you Messaging to see it.',
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
  onHold: 'On hold',
  accessUnverified: 'Access not checked',
  accessUnverifiedNotice: (minutes: number) =>
    `Facebook has not confirmed in the last ${minutes < 60 ? `${minutes} minutes` : minutes === 60 ? 'hour' : `${Math.round(minutes / 60)} hours`} that the admin who scheduled this campaign still manages this page’s messages. If they lost access, the campaign is put on hold when Pagecast finds out; it is checked again before it starts.`,
  image: 'The campaign image',
  imageBroken: 'The image does not load here from its address:',
  buttons: 'Buttons',
  noRecipients: 'No recipients for this filter.',
  recipientsPending: 'The audience is taken when the campaign starts.',
  allOutcomes: 'All recipients',
  returnTitle: 'Deliver on return',
  returnWaiting: (waiting: number, until: string) =>
    `${waiting.toLocaleString('en')} skipped contact${waiting === 1 ? '' : 's'} get${waiting === 1 ? 's' : ''} the message if they write to the page before ${until}.`,
  returnOver: (until: string) => `The waiting time ended ${until}.`,
  returnSent: (n: number) => `${n.toLocaleString('en')} sent on return (counted in Sent).`,
  reachableOnly: 'Only contacts it could reach when it started',
  marketingTitle: 'Paid marketing messages',
  marketingWaiting: (at: string) =>
    `Subscribers outside the window get a marketing message. Meta lets them go from ${at} (its warm-up after the campaign was created there); until then they wait.`,
  spendSoFar: (spend: string, delivered: number, each: string | null) =>
    `Meta billed ${spend} so far for ${delivered.toLocaleString('en')} delivered${each ? ` (${each} each)` : ''}, from Meta's insights for this campaign.`,
  spendNone: 'Meta reports no spend for this campaign yet.',
  spendError: 'Meta did not say what it billed:',
  marketingOn:
    'Subscribers outside the window get a marketing message; Meta bills each one delivered.',
  filterLabel: 'Filter by outcome',
  resultFilters: 'After sending',
  outcomeFilters: 'Outcome',
  tagThese: 'Tag these recipients',
  followUp: 'Follow-up campaign to them',
  actionsScope: (n: number, filter: string) =>
    `${n.toLocaleString('en')} recipient${n === 1 ? '' : 's'}: ${filter}.`,
  tagField: 'Tag',
  newTag: 'New tag…',
  newTagName: 'Name of the new tag',
  newTagDescription: 'Tagged from campaign results',
  tagHelp: (max: number) =>
    `Everyone in this list gets the tag (at most ${max.toLocaleString('en')} at a time). Contacts who have it already are not changed.`,
  followUpHelp:
    'Pagecast tags them, then opens Schedule Campaign with this tag as the audience. Nothing is sent until you schedule it there.',
  tagConfirm: 'Tag them',
  actionCancel: 'Cancel',
  followUpConfirm: 'Tag them and open Schedule',
  tagged: (tagged: number, matched: number, tag: string) =>
    tagged === matched
      ? `Tagged ${tagged.toLocaleString('en')} recipient${tagged === 1 ? '' : 's'} '${tag}'.`
      : `Tagged ${tagged.toLocaleString('en')} more recipient${tagged === 1 ? '' : 's'} '${tag}' (${(matched - tagged).toLocaleString('en')} had it already).`,
  taggedCapped: (max: number) =>
    ` Only the first ${max.toLocaleString('en')} were tagged: narrow the filter for the rest.`,
  tagFailed: 'Could not tag the recipients.',
  noneToTag: 'No recipients in this list.',
  unknownHelp:
    'The answer to these sends was lost (crash or timeout) and neither an echo nor the conversation has proved them sent yet: they may have been delivered. Review them.',
  reconciliationTitle: 'Reconciliation of lost answers',
  reconciliation: (r: {
    byEcho: number;
    byConversation: number;
    resent: number;
    forReview: number;
  }) =>
    `${r.byEcho} settled by echo · ${r.byConversation} settled by reading the conversation · ${r.resent} sent again · ${r.forReview} left for review`,
} as const;

export { OUTCOME_LABELS, SENT_AS_LABELS } from '@pagecast/contract';

/** The detail's filters on what happened after sending (the row states are OUTCOME_LABELS). */
export const RESULT_FILTER_LABELS = {
  delivered: 'Delivered',
  read: 'Read',
  interacted: 'Replied or tapped (Interacted)',
  waiting: 'Waiting for their return',
  returned: 'Sent on return',
} as const;

/** The funnel's stages, each with the one line that defines it on screen. */
export const FUNNEL_STAGE_TEXT = {
  audience: ['Audience', 'Everyone the campaign was for when it started.'],
  dispatched: ['Sent', 'Messenger accepted the message for them (sent on return included).'],
  delivered: ['Delivered', "Meta's delivery receipt came back: it reached their Messenger."],
  read: ['Read', "Meta's read receipt came back: they opened the conversation."],
  interacted: ['Interacted', 'Replied, tapped a button or reacted within 7 days of receiving it.'],
} as const;

/** 'YYYY-MM-DD HH:mm Zone', in the admin's display zone (chosen on Account; the Schedule form's too). */
export function formatScheduled(iso: string): string {
  return formatStamp(iso);
}
