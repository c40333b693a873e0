/** Every validation message of spec §5, verbatim. */
export const TAG_MESSAGES = {
  // Live typing rules.
  nameTooLongLive: 'Name cannot exceed 20 characters.',
  nameInvalidLive: 'Invalid characters in name.',
  descriptionTooLongLive: 'Description cannot exceed 60 characters.',
  descriptionInvalidLive: 'Invalid characters in description.',
  allRequired: 'All fields are required.',
  fixErrors: 'Please fix the errors before submitting.',
  // Form rules.
  nameRequired: 'Tag name is required.',
  nameTooShort: 'Tag name must be at least 3 characters.',
  nameInvalid: 'Only letters, numbers, spaces, hyphens, and underscores allowed.',
  descriptionRequired: 'Description is required.',
  descriptionTooShort: 'Description must be at least 3 characters long.',
  descriptionTooLong: 'Description must be under 200 characters.',
} as const;

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Campaign name is required',
  nameTooShort: 'Campaign name must be at least 3 characters',
  nameTooLong: 'Campaign name cannot exceed 100 characters',
  descriptionRequired: 'Campaign description is required',
  descriptionTooShort: 'Description must be at least 3 characters',
  descriptionTooLong: 'Description cannot exceed 200 characters',
  dateTimeRequired: 'Date and time is required',
  dateTimeInPast: 'Scheduled time cannot be in past',
  dateTimeInvalid: 'Invalid date time',
  /** Not in the spec: a time past any sensible plan (and past what dates can hold) is refused. */
  dateTimeTooFar: 'Scheduled time must be within the next 12 months',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 3 characters',
  messageTooLong: 'Message cannot exceed 500 characters',
  tagInvalid: 'Tag must be a valid tag id',
  pageRequired: 'Page is required',
  /** Deliver on return: not in the spec (it answers the 2026 window rules). */
  returnDaysInvalid: 'Keep skipped contacts waiting for 1 to 30 days',
  returnDelayInvalid: 'Wait 1 to 720 minutes for a person to answer before sending on return',
  returnsNotWaiting: 'This campaign is not waiting for returns',
  returnNeedsEveryone:
    "Turn off 'Only contacts I can reach' to keep the others waiting for their return",
} as const;

export const CHAT_MESSAGES = {
  messageRequired: 'Message cannot be empty',
  messageTooLong: 'Message must be at most 2000 characters',
} as const;

/** Utility templates: not in the spec (its message tags were retired in 2026); Meta's rules in plain words. */
export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  nameTooLong: 'Template name cannot exceed 512 characters',
  nameInvalid: 'Use lowercase letters, numbers and underscores only (e.g. order_update)',
  languageInvalid: 'Choose a language',
  bodyRequired: 'Template text is required',
  bodyTooLong: 'Template text cannot exceed 1024 characters',
  paramInvalid:
    'Parameters look like {{first_name}} (lowercase letters, numbers and underscores) or {{1}}, between double braces',
  paramMixed:
    'Use numbered parameters ({{1}}, {{2}}) or named ones ({{first_name}}) in a template, not both',
  paramSequence: 'Number the parameters in order from {{1}}, without gaps: {{1}}, {{2}}, {{3}}',
  paramDangling:
    'The text cannot start or end with a parameter (Meta refuses the template): add words before the first and after the last, e.g. Hi {{first_name}}, your order has shipped.',
  paramRatio: (params: number, needed: number, words: number) =>
    `Too many parameters for the length of the text: with ${params} parameter${params === 1 ? '' : 's'} Meta wants at least ${needed} other words (this text has ${words}). Add words or remove parameters.`,
  buttonTextRequired: 'Button text is required',
  buttonTextTooLong: 'Button text cannot exceed 25 characters',
  buttonUrlInvalid: 'Button link must be a full https:// address',
  tooManyButtons: 'A template has at most 3 buttons',
  duplicate: 'A template with this name and language already exists on this page',
  paramMissing: 'Fill every template parameter:',
  paramUnknown: 'The template has no parameter',
  paramTextRequired: 'Fixed text is required',
  paramTextTooLong: 'Fixed text cannot exceed 200 characters',
  notApproved: 'Choose a template Meta has approved',
  notFound: 'That template no longer exists on this page',
  inUse: 'This template is used by a scheduled campaign. Cancel or change that campaign first.',
} as const;
