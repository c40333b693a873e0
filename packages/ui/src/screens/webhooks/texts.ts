// The Webhooks screen's texts; the validation and server messages live in @pagecast/contract (WEBHOOK_MESSAGES).
import { WEBHOOK_LIMITS, type OutboundEventType } from '@pagecast/contract';

export const WEBHOOKS_TEXT = {
  title: 'Webhooks',
  description:
    "Pagecast sends this page's events to your system's URL as they happen, each one signed with the endpoint's secret.",
  add: 'Add webhook',
  emptyTitle: 'No webhooks yet',
  emptyText:
    'A webhook lets your own system (a CRM, a help desk, a script) hear about this page at once: a message comes in, a conversation is resolved, a contact is tagged, a campaign ends. Pagecast POSTs a signed JSON event to your https URL and retries for 24 hours if it does not answer.',
  loadError: 'Could not load the webhooks.',
  limit: `A page can have ${WEBHOOK_LIMITS.perPage} webhooks.`,
  // The form (add and edit).
  addTitle: 'Add webhook',
  addDescription:
    'Pagecast POSTs each chosen event to this URL as JSON, signed with a secret shown once.',
  editTitle: 'Edit webhook',
  editDescription: 'Change where events go and which ones; the secret stays the same.',
  urlLabel: 'Endpoint URL',
  urlPlaceholder: 'https://example.com/pagecast',
  urlHelp: 'An https URL your system answers with a 2xx status within 10 seconds.',
  eventsLabel: 'Events to send',
  allEvents: 'All events',
  create: 'Add webhook',
  creating: 'Adding...',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: 'Webhook saved.',
  createFallback: 'Could not add the webhook.',
  saveFallback: 'Could not save the webhook.',
  // The secret, shown once.
  secretTitle: 'Copy the signing secret now',
  secretHelp:
    'You will not see it again. Store it where your system keeps secrets and check each request\u2019s Pagecast-Signature header with it; if it is lost, rotate it.',
  secretLabel: 'Signing secret',
  copy: 'Copy secret',
  copied: 'Copied',
  stored: 'I have stored it',
  // The list.
  list: "The page's webhooks",
  active: 'Active',
  disabled: 'Disabled',
  disabledByAdmin: 'Disabled: nothing is sent to it until it is enabled again.',
  enableAgain: 'Enable again',
  enable: 'Enable',
  disable: 'Disable',
  edit: 'Edit',
  rotate: 'Rotate secret',
  delete: 'Delete',
  sendTest: 'Send test event',
  lastDelivery: 'Last delivery',
  noDelivery: 'Nothing delivered yet',
  deliveredOk: (status: number | null) => `succeeded${status ? ` (HTTP ${status})` : ''}`,
  deliveredFailed: (status: number | null) =>
    `failed${status ? ` (HTTP ${status})` : ' (no answer)'}`,
  previousSecret: (until: string) => `The previous secret also signs deliveries until ${until}.`,
  actionsFor: (url: string) => `Actions for ${url}`,
  // Rotate and delete.
  rotateTitle: 'Rotate the signing secret?',
  rotateText: `Pagecast makes a new secret and shows it once. The old secret keeps working for ${WEBHOOK_LIMITS.previousSecretHours} hours: until then each delivery carries both signatures, so you can switch your system over without missing an event.`,
  rotateAction: 'Rotate secret',
  rotating: 'Rotating...',
  rotateFallback: 'Could not rotate the secret.',
  deleteTitle: 'Delete this webhook?',
  deleteText: (url: string) =>
    `Nothing more is sent to ${url}, and its delivery log is deleted with it. This cannot be undone.`,
  deleteAction: 'Delete webhook',
  deleting: 'Deleting...',
  deleteFallback: 'Could not delete the webhook.',
  // The delivery log.
  log: 'Delivery log',
  showLog: 'Show delivery log',
  hideLog: 'Hide delivery log',
  logEmpty: "No deliveries in the last 30 days. 'Send test event' sends one.",
  logError: 'Could not load the delivery log.',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  replay: 'Replay',
  replaying: 'Replaying...',
  details: 'Details',
  hideDetails: 'Hide details',
  eventId: 'Event id',
  nextTry: (when: string) => `Next try ${when}`,
  attempts: 'Attempts',
  noAttempts: 'Not tried yet.',
  noAnswer: 'No answer',
  latency: (ms: number) => `${ms.toLocaleString()} ms`,
  response: 'Response (first 1 KB)',
  emptyResponse: 'Empty body',
  columns: {
    state: 'State',
    event: 'Event',
    time: 'Time',
    status: 'HTTP status',
    latency: 'Latency',
  },
  states: {
    pending: 'Pending',
    retrying: 'Retrying',
    succeeded: 'Succeeded',
    failed: 'Failed',
  },
} as const;

/** What each event tells, in one line. */
export const EVENT_DESCRIPTIONS: Record<OutboundEventType, string> = {
  'message.received': 'A contact wrote to the page',
  'message.sent':
    'The page sent a message: from the inbox, a campaign, or elsewhere (Meta Business Suite)',
  'conversation.updated': 'A conversation was resolved, snoozed, reopened or assigned',
  'contact.tagged': 'A tag was put on a contact',
  'contact.untagged': 'A tag was taken off a contact',
  'campaign.updated': 'A campaign started, completed, failed, was cancelled or was stopped',
};
