/** The page chooser's texts (spec §2, /select). */
export const SELECT_TEXT = {
  title: 'Select a Page',
  description: 'Choose the page you want to manage.',
  account: 'Account',
  logout: 'Log out',
  search: 'Search pages',
  searchPlaceholder: 'Search pages...',
  loading: 'Loading...',
  pages: 'Pages',
  empty: 'No Pages Found',
  addNewPage: 'Add New Page',
  viewPage: 'View page',
  pageId: 'Page ID:',
  /** How a page gets here: the list is what the social network says the user administers. */
  addPageHelp:
    'Pages appear here when you are an admin of them on Facebook. To add one, ask for admin access to it on ' +
    'Facebook (Page settings > Page roles), then choose Add New Page to sign in again and allow Pagecast to use it.',
} as const;

/** 'No page name matches “x”.' before the help, when a search found nothing. */
export const noMatchText = (search: string) => `No page name matches “${search}”.`;
