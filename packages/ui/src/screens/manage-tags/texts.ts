/** The Manage Tags screen's texts (spec §2, §8); the validation messages live in @pagecast/contract. */
export const MANAGE_TAGS_TEXT = {
  title: 'Manage Tags',
  createSection: 'Create Tag',
  detailsSection: 'Tags Details',
  chats: 'Chats',
  showChats: 'Show chats tagged',
  emptyHint: 'No tags yet. Tags group contacts so a campaign can go to just them.',
  emptyAction: 'Create your first tag',
  createButton: 'Create Tag',
  submitting: 'Submitting...',
  created: 'Tag created successfully!',
  // The spec's 'Failed to create tag. Check console for details.' sent people to a developer tool; the
  // product owner asked for the reason in words (docs/product.md, error catalogue).
  createFailed: (reason?: string) =>
    reason ? `Failed to create tag. ${reason}` : 'Failed to create tag.',
  createFallback: 'Something went wrong while creating the tag.',
  loading: 'Loading...',
  loadError: 'Error loading tags:',
  noData: 'No data',
  hint: 'Tags help you categorize and organize your campaigns. Tag contacts from Chats, then schedule a campaign to all users or only to the users of one tag.',
  renameTitle: 'Rename tag',
  renameButton: 'Save',
  saving: 'Saving...',
  updated: 'Tag updated successfully!',
  updateFallback: 'Something went wrong while updating the tag.',
  deleteTitle: 'Delete tag',
  deleteButton: 'Delete',
  deleting: 'Deleting...',
  deleted: 'Tag deleted successfully!',
  deleteFallback: 'Something went wrong while deleting the tag.',
  cancel: 'Cancel',
} as const;

/** 'No contacts carry this tag.' / '1 contact carries this tag.' / 'N contacts carry this tag.' */
export function carriersText(count: number): string {
  if (count === 0) return 'No contacts carry this tag.';
  if (count === 1) return '1 contact carries this tag.';
  return `${count.toLocaleString()} contacts carry this tag.`;
}
