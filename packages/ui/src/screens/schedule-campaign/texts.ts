/** Texts of the Schedule Campaign screen (spec §2, §8, §9; the audience preview goes beyond the spec). */
export const SCHEDULE_TEXT = {
  title: 'Schedule Campaign',
  nameLabel: 'Campaign Name',
  namePlaceholder: 'Enter campaign name',
  descriptionLabel: 'Campaign Description',
  descriptionPlaceholder: 'Describe this campaign',
  tagsLabel: 'Tags',
  allUsers: 'All users',
  loadingTags: 'Loading tags...',
  errorLoadingTags: 'Error loading tags',
  dateLabel: 'Date and Time (UTC)',
  datePlaceholder: 'Select date and time',
  messageLabel: 'Message',
  messagePlaceholder: 'Write the message your audience will receive',
  contentTypeLabel: 'Content Type',
  contentTypePlaceholder: 'Select content type',
  submit: 'Schedule Campaign',
  submitting: 'Scheduling...',
  created: 'Campaign created successfully!',
  createFailed: 'Failed to create campaign.',
  policyNotice:
    "Content types must be used properly: Messenger's policy allows message tags only for the updates they name, never for promotional content.",
  policyLink: 'Read the message tag policy',
  policyUrl: 'https://developers.facebook.com/docs/messenger-platform/send-messages/message-tags/',
  audienceTitle: 'Audience',
  audienceLoading: 'Counting recipients...',
  audience: (total: number, inside: number, outside: number) =>
    `${total.toLocaleString('en')} recipient${total === 1 ? '' : 's'}: ${inside.toLocaleString('en')} inside the 24-hour window get it, ${outside.toLocaleString('en')} outside it will be skipped.`,
  skipNote:
    'Messenger allows a campaign message only within 24 hours of a contact’s last message (Meta retired the message tags that used to reach the others on 2026-04-27). Skipped recipients are counted with their reason; no message is sent to them.',
} as const;
