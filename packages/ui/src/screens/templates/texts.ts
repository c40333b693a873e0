import type { TemplateStatus } from '@pagecast/contract';

/**
 * Meta's rejection reasons for Messenger templates, each as what to change. Meta documents these three for
 * Messenger; any other code is shown as Meta's own words.
 */
const REJECTION_REASONS: Record<string, string> = {
  TAG_SHOULD_BE_MARKETING:
    'Meta read it as marketing. Utility templates must be transactional (an order, a booking, an account change); reword it without offers or promotions and submit a new one.',
  INCORRECT_PARAMS:
    'Meta found its parameters wrong. Number them {{1}}, {{2}}, … in order (or use names like {{first_name}}), make each one clear from the words around it, and submit a new one.',
  PARAMS_TO_WORD_RATIO_EXCEED_LIMIT:
    'Too many parameters for its length. Add words around them or use fewer parameters, and submit a new one.',
};

/** What each of Meta's ten statuses means for sending, shown under the template. */
const STATUS_MEANING: Record<TemplateStatus, string> = {
  approved: '',
  pending: 'Meta is reviewing it. This page updates when it decides.',
  in_appeal: 'Rejected, and the appeal is with Meta. It cannot be sent until Meta approves it.',
  rejected: '',
  paused:
    'Meta paused it. It cannot be sent while paused: campaigns skip contacts outside the 24-hour window and still send to those inside it.',
  disabled:
    'Meta disabled it, so it cannot be sent: campaigns skip contacts outside the 24-hour window. Create a new template for new campaigns.',
  limit_exceeded:
    'The page is over Meta’s template limit, so this one cannot be sent. Delete templates you no longer use.',
  archived: 'Archived at Meta: it cannot be sent. Create a new template to use this text again.',
  pending_deletion: 'Being deleted at Meta: it cannot be sent any more.',
  deleted: 'Deleted at Meta: it cannot be sent any more. Delete it here to tidy the list.',
};

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
    'Add parameters a campaign fills: named like {{first_name}} or {{order_ref}}, or numbered {{1}}, {{2}}. Start and end with words, not a parameter, and use at least two words per parameter.',
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
    reason && REJECTION_REASONS[reason]
      ? `Rejected: ${REJECTION_REASONS[reason]}`
      : `Rejected by Meta${reason && reason !== 'NONE' ? ` (${reason.toLowerCase().replace(/_/g, ' ')})` : ''}. Reword it and submit a new one.`,
  /** What the status means for sending ('' when the badge says it all). */
  meaning: (status: TemplateStatus) => STATUS_MEANING[status],
  numbered: 'numbered',
  delete: 'Delete',
  deleteTitle: 'Delete template',
  deleteDescription:
    'It is deleted at Meta too, and campaigns can no longer send it. This cannot be undone.',
  deleteInUse: 'A scheduled campaign sends it: cancel or change that campaign first.',
  deleting: 'Deleting...',
  deleted: 'Template deleted.',
  deleteFailed: 'Failed to delete the template.',
  cancel: 'Cancel',
  status: {
    approved: 'Approved',
    pending: 'In review',
    in_appeal: 'In appeal',
    rejected: 'Rejected',
    paused: 'Paused',
    disabled: 'Disabled',
    limit_exceeded: 'Over limit',
    archived: 'Archived',
    pending_deletion: 'Being deleted',
    deleted: 'Deleted',
  } satisfies Record<TemplateStatus, string>,
} as const;
