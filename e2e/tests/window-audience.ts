// The campaign specs' shared start on a demo page: signed in (browser and API), two of its contacts writing
// now (inside the 24-hour window), and a new tag holding just them, to schedule a campaign to.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiClient, createTag, tagContacts, type ApiClient } from './api';
import { baseURL, contactWrites, signInOn } from './fixtures';

export const recipients = async (api: ApiClient, pageId: string) => {
  const res = await api.inbox.getRecipients({ params: { pageId }, query: { limit: 100 } });
  return res.status === 200 ? res.body.recipients : [];
};

export async function twoContactsInWindow(
  page: Page,
  request: APIRequestContext,
  opts: { pageName: string; tagPrefix: string; says: string },
) {
  const session = await signInOn(page, request, opts.pageName);
  const { pageId } = session;
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });

  await expect
    .poll(async () => (await recipients(api, pageId)).length, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(2);
  const members = (await recipients(api, pageId)).slice(0, 2);
  for (const m of members) {
    await contactWrites(request, pageId, m.id, opts.says);
  }
  await expect
    .poll(
      async () =>
        (await recipients(api, pageId)).filter(
          (r) => members.some((m) => m.id === r.id) && r.windowOpen,
        ).length,
      { timeout: 30_000 },
    )
    .toBe(2);
  const tagName = `${opts.tagPrefix} ${Date.now() % 100000}`;
  const tagId = await createTag(api, {
    name: tagName,
    description: `${opts.tagPrefix} audience`,
    pageId,
  });
  await tagContacts(api, { pageId, tagId, psids: members.map((m) => m.id) });
  return { api, pageId, members, tagName };
}

/** Opens the Schedule screen; resolves with its submit button once the page's sync lets it be used. */
export async function openSchedule(page: Page) {
  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Schedule' })
    .click();
  const submit = page.getByRole('button', { name: 'Schedule Campaign' });
  await expect(submit).toBeEnabled({ timeout: 90_000 }); // disabled while the page syncs
  return submit;
}
