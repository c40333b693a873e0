/** Texts of the Templates screen (beyond the spec: Meta's 2026 replacement for the retired message tags). */
export const TEMPLATES_TEXT = {
  title: 'Templates',
  description:
    'Utility templates reach contacts outside Messenger’s 24-hour window with a transactional update. Meta reviews each one before it can be sent.',
  utilityOnly:
    'Utility templates are for transactional updates only: an order, a booking, an account or appointment change. Promotions, offers and sales are refused by Meta, and a template used for marketing can lose its approval.',
  createSection: 'New template',
  listSection: 'Your templates',
  nameLabel: 'Template name',
  nameHint: 'Lowercase letters, numbers and underscores, e.g. order_update. Contacts never see it.',
  languageLabel: 'Language',
  bodyLabel: 'Text',
  bodyHint:
    'Use {{first_name}} or {{last_name}} for the contact’s name, or your own parameter like {{order_ref}}: a campaign fills each one.',
  bodyPlaceholder: 'Hi {{first_name}}, your order {{order_ref}} has shipped.',
  buttonsLabel: 'Link buttons (optional)',
  buttonText: 'Button text',
  buttonUrl: 'Link (https://)',
  addButton: 'Add a link button',
  removeButton: 'Remove button',
  submit: 'Submit for review',
  submitting: 'Submitting...',
  submitted: 'Template submitted to Meta for review.',
  submitFailed: 'Failed to submit the template.',
  refresh: 'Refresh status',
  refreshing: 'Refreshing...',
  refreshed: 'Template status is up to date.',
  refreshFailed: 'Could not refresh the templates from Meta.',
  loading: 'Loading templates...',
  loadError: 'Error loading templates:',
  empty: 'No templates yet. Create one above: Meta usually decides within a minute.',
  params: 'Parameters',
  noParams: 'No parameters',
  usedBy: (n: number) => `Sent by ${n} scheduled campaign${n === 1 ? '' : 's'}`,
  rejected: (reason: string | null) =>
    reason === 'INCORRECT_CATEGORY'
      ? 'Rejected: Meta read it as marketing. Utility templates must be transactional; reword it and submit a new one.'
      : `Rejected by Meta${reason && reason !== 'NONE' ? ` (${reason.toLowerCase().replace(/_/g, ' ')})` : ''}. Reword it and submit a new one.`,
  pending: 'Meta is reviewing it. This page updates when it decides.',
  delete: 'Delete',
  deleteTitle: 'Delete template',
  deleteDescription:
    'It is deleted at Meta too, and campaigns can no longer send it. This cannot be undone.',
  deleteInUse: 'A scheduled campaign sends it: cancel or change that campaign first.',
  deleting: 'Deleting...',
  deleted: 'Template deleted.',
  deleteFailed: 'Failed to delete the template.',
  cancel: 'Cancel',
  status: { approved: 'Approved', pending: 'In review', rejected: 'Rejected' },
} as const;
