import { tsr } from '../../lib/api';
import { unwrap } from '../../lib/query';

/** The chosen page's details (tags, sync scope), read when the admin picks it on /select. */
export async function fetchPage(pageId: string) {
  return unwrap(await tsr.pages.getPage.query({ params: { pageId } }), 200);
}
