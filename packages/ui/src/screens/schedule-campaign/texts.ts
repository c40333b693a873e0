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
  audience: (total: number, inside: number, needsTag: number) =>
    `${total.toLocaleString('en')} recipient${total === 1 ? '' : 's'}: ${inside.toLocaleString('en')} inside the 24-hour window (sent as a regular update), ${needsTag.toLocaleString('en')} outside it (depend on the message tag).`,
  retiredWarning:
    'Meta retired these three message tags on 2026-04-27: recipients outside the 24-hour window will likely not receive this campaign (their rows will show error 100).',
} as const;
