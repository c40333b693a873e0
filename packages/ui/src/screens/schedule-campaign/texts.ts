/**
 * Texts of the Schedule Campaign screen (spec §2, §8, §9; the audience preview and the utility template for
 * contacts outside the window go beyond the spec: its message tags were retired in 2026).
 */
export const SCHEDULE_TEXT = {
  title: 'Schedule Campaign',
  nameLabel: 'Campaign Name',
  namePlaceholder: 'Enter campaign name',
  descriptionLabel: 'Campaign Description',
  descriptionPlaceholder: 'Describe this campaign',
  tagsLabel: 'Audience',
  allUsers: 'All users',
  audienceHint: 'All users, one tag, or several tags combined; then narrow it down below.',
  audienceSeveral: 'Several tags…',
  audienceInclude: 'Contacts tagged',
  audienceMatch: 'How the tags combine',
  audienceAny: 'Any of these',
  audienceAll: 'All of these',
  audienceNarrow: 'Narrow down',
  audienceExclude: 'Leave out contacts tagged',
  audienceWroteWithin: 'Only contacts who wrote in the last',
  audienceDays: 'Days since they last wrote',
  audienceDaysUnit: 'days',
  audienceSubscribers: 'Only subscribers to your marketing messages',
  loadingTags: 'Loading tags...',
  errorLoadingTags: 'Error loading tags',
  dateLabel: 'Date and Time (UTC)',
  /** The field's label in the admin's display zone ('Date and Time (UTC)' when that is UTC). */
  dateLabelIn: (zone: string) => `Date and Time (${zone})`,
  utcTime: (text: string) => `In UTC: ${text}`,
  datePlaceholder: 'Select date and time',
  messageLabel: 'Message',
  messagePlaceholder: 'Write the message your audience will receive',
  contentTypeLabel: 'Purpose',
  purposeHint:
    'Optional. A promotion goes to contacts inside the 24-hour window, and as a paid marketing message to subscribers outside it. Only an update (an event, a purchase, an account) may go as a utility template.',
  submit: 'Schedule Campaign',
  submitting: 'Scheduling...',
  created: 'Campaign created successfully!',
  createFailed: 'Failed to create campaign.',
  policyNotice:
    'The purpose says what your message is about. Within 24 hours of a contact’s last message any message may go; after that only an approved utility template, and only for that kind of transactional update, never promotions.',
  policyLink: 'Read Meta’s utility messages policy',
  policyUrl:
    'https://developers.facebook.com/docs/messenger-platform/send-messages/utility-messages',
  sendNow: 'Send now',
  followingNow: 'Now: it goes out the moment you schedule it.',
  localTime: (text: string, zone: string) => `Your time: ${text} (${zone})`,
  marketingLabel: 'Send a paid marketing message to subscribers outside the window',
  marketingHint: (subscribers: number) =>
    `${subscribers.toLocaleString('en')} of them subscribed to your marketing messages. Meta bills each one delivered on the page's ad account; at most one per person every 12 hours.`,
  marketingSetUp: 'Set up marketing messages',
  pathMarketing: 'Paid marketing message (subscribers)',
  reachableOnlyLabel: 'Only contacts I can reach',
  reachableOnlyHint:
    'Leave out the contacts no allowed path reaches when the campaign starts. Turn it off to list them as skipped with the reason, or to keep them waiting for their return.',
  returnLabel: 'Deliver on return',
  returnOff: 'Off',
  returnDays: (days: number) => (days === 1 ? 'For 1 day' : `For ${days} days`),
  returnHint:
    'A contact skipped for the 24-hour window who writes to your page (or taps a button, reacts, or opens the chat from a link) within this time after the scheduled time gets this message once, in the window that opens. Not contacts who stopped or never took your marketing messages.',
  returnDelayLabel: 'Send on return',
  returnDelay: (minutes: number) =>
    `After someone answers them, or ${minutes >= 60 && minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`} without an answer`,
  returnDelayHint:
    'Never the instant reply to their question: the message waits until someone on your team has answered them in Chats, or this long without an answer.',
  pathStandard: 'Your message now (inside the 24-hour window)',
  pathUtility: (template: string) => `Utility template “${template}”`,
  pathLeftOut: 'Left out (no allowed path now)',
  pathSkipped: 'Skipped, each with the reason',
  pathOptedOut: 'Left out: stopped your marketing messages',
  optedOutNote: (n: number) =>
    `${n.toLocaleString('en')} of this audience stopped your marketing messages (unsubscribed): they are left out of this campaign on every path.`,
  pathWaiting: (days: number) =>
    `Waiting up to ${days} day${days === 1 ? '' : 's'} for them to write`,
  audienceEmpty:
    'Nobody yet: this audience has no contacts. Contacts arrive with the page sync and when people write to your page.',
  audienceAllInside: (total: number) =>
    `${total.toLocaleString('en')} recipient${total === 1 ? '' : 's'}, all inside the 24-hour window: they get your message.`,
  audienceReachable: (total: number, inside: number, outside: number) =>
    `${inside.toLocaleString('en')} of ${total.toLocaleString('en')} contact${total === 1 ? '' : 's'} can be reached now, inside the 24-hour window; ${outside.toLocaleString('en')} outside it are left out.`,
  audienceWaiting: (total: number, inside: number, outside: number, days: number) =>
    `${total.toLocaleString('en')} recipient${total === 1 ? '' : 's'}: ${inside.toLocaleString('en')} inside the 24-hour window get it now; ${outside.toLocaleString('en')} outside it get it if they write to the page within ${days} day${days === 1 ? '' : 's'}.`,
  audienceTitle: 'Audience',
  audienceLoading: 'Counting recipients...',
  audience: (total: number, inside: number, outside: number) =>
    `${total.toLocaleString('en')} recipient${total === 1 ? '' : 's'}: ${inside.toLocaleString('en')} inside the 24-hour window get it, ${outside.toLocaleString('en')} outside it will be skipped.`,
  audienceWithTemplate: (total: number, inside: number, outside: number, template: string) =>
    `${total.toLocaleString('en')} recipient${total === 1 ? '' : 's'}: ${inside.toLocaleString('en')} inside the 24-hour window get your message, ${outside.toLocaleString('en')} outside it get the utility template “${template}”.`,
  templateLabel: 'Contacts outside the 24-hour window',
  templateSkip: 'Skip them (no message)',
  templateLoading: 'Loading templates...',
  templateHint:
    'Send them an approved utility template instead. Utility templates are for transactional updates only (an order, a booking, an account change), never promotions.',
  templateNone: 'No approved utility template yet.',
  templateManage: 'Manage templates',
  templatePreview: 'They will read',
  paramSource: (name: string) => `Fill {{${name}}} with`,
  paramText: (name: string) => `Text for {{${name}}}`,
  skipNote:
    'Messenger allows a campaign message only within 24 hours of a contact’s last message (Meta retired the message tags that used to reach the others on 2026-04-27). Nobody outside the window is sent a message unless you choose a utility template or deliver on return.',
} as const;

/** The review 'Schedule Campaign' opens before anything is sent (spec §10.11). */
export const REVIEW_TEXT = {
  title: 'Review your campaign',
  whenNow: 'It goes out as soon as you confirm.',
  /** `when` says its zone: 'Fri 27 Nov, 10:00 (Europe/Paris)'. */
  whenAt: (when: string) => `It goes out on ${when}.`,
  whoTitle: 'Who gets it',
  costTitle: 'Cost of the paid marketing messages',
  priceLabel: 'Your price per message',
  priceHint:
    'Meta gives no price for a marketing message before it is sent: enter what one delivered message costs you (Ads Manager shows it), in your ad account’s currency.',
  estimate: (count: number, total: string) =>
    `About ${total} for ${count.toLocaleString('en')} paid message${count === 1 ? '' : 's'}, at your price per message. Meta bills each one delivered.`,
  estimateNone: (count: number) =>
    `${count.toLocaleString('en')} paid message${count === 1 ? '' : 's'}: enter your price per message for an estimate.`,
  previewTitle: (name: string) => `What ${name} will read`,
  previewAnyone: 'What they will read',
  previewNobody: 'Nobody is in this audience yet: the preview shows the fallbacks.',
  previewLoading: 'Loading a contact for the preview...',
  previewImage: 'The campaign image',
  previewImageBroken:
    'The image could not be shown here. Check its address: Meta fetches it when the campaign starts, and stops the sends inside the window if it cannot.',
  testTitle: 'Try it first',
  testHint:
    'A test goes to your own Messenger conversation with the page, with your name filled in.',
  testButton: 'Send a test to me',
  testSending: 'Sending the test...',
  testSent: (name: string) => `Test sent to ${name}. Open Messenger to read it.`,
  testNone: 'Send a message to your page from Messenger, then try again',
  testClosed:
    'Your last message to the page is more than 24 hours old. Send a message to your page from Messenger, then try again',
  testFailed: 'The test could not be sent.',
  back: 'Back to edit',
  confirmNow: 'Confirm and send',
  confirmLater: 'Confirm and schedule',
  confirming: 'Confirming...',
} as const;

/** Link buttons under the campaign message (standard sends only). */
export const BUTTONS_TEXT = {
  legend: 'Link buttons (optional)',
  hint: 'Up to 3 buttons under your message, each opening a link (https). Only people inside the 24-hour window get them; templates and marketing messages go as text.',
  title: (n: number) => `Button ${n} text`,
  titlePlaceholder: 'Button text',
  url: (n: number) => `Button ${n} link`,
  remove: (n: number) => `Remove button ${n}`,
  add: 'Add a button',
} as const;

/** The optional image of a campaign (standard sends only). */
export const IMAGE_TEXT = {
  label: 'Image (optional)',
  hint: 'A public https:// address of a .jpg, .png or .gif image (at most 25 MB). People inside the 24-hour window get it just before your message; templates and marketing messages go as text.',
} as const;
