// A campaign's image (docs/campaigns.md "Image"), on the bike shop's demo page, through Review -> Confirm: the
// review's preview shows the image before the message, and each contact inside the window gets the image,
// then the text, once each, in that order (the emulator's outbox).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiClient, createTag, tagContacts, type ApiClient } from './api';
import {
  apiSignIn,
  baseURL,
  DEMO_PAGES,
  emulatorURL,
  present,
  selectPage,
  signIn,
} from './fixtures';

interface OutboxEntry {
  recipient: string;
  text: string;
  time: number;
  attachment?: { type: string; url?: string; attachment_id?: string };
}

/** The campaign's sends: its text (with the marker) and its image (the marker is in the image's address). */
const outbox = async (request: APIRequestContext, pageId: string, marker: string) =>
  (
    (await (await request.get(`${emulatorURL}/_emulator/pages/${pageId}/outbox`)).json()) as {
      data: OutboxEntry[];
    }
  ).data.filter((e) => e.text.includes(marker) || (e.attachment?.url ?? '').includes(marker));

const recipients = async (api: ApiClient, pageId: string) => {
  const res = await api.inbox.getRecipients({ params: { pageId }, query: { limit: 100 } });
  return res.status === 200 ? res.body.recipients : [];
};

test('each contact gets the image, then the text, once each, after Review and Confirm', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bikeShop);
  const session = await apiSignIn(request, baseURL, emulatorURL);
  const pageId = present(
    session.accounts.find((a) => a.name === DEMO_PAGES.bikeShop),
    DEMO_PAGES.bikeShop,
  ).pageId;
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });

  // Two contacts write now (inside the window), and a tag holds just them.
  await expect
    .poll(async () => (await recipients(api, pageId)).length, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(2);
  const members = (await recipients(api, pageId)).slice(0, 2);
  for (const m of members) {
    const wrote = await request.post(
      `${emulatorURL}/_emulator/pages/${pageId}/contacts/${m.id}/messages`,
      { data: { text: 'Do you have winter tyres?' } },
    );
    expect(wrote.ok()).toBe(true);
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
  const tagName = `Image ${Date.now() % 100000}`;
  const tagId = await createTag(api, { name: tagName, description: 'Image audience', pageId });
  await tagContacts(api, { pageId, tagId, psids: members.map((m) => m.id) });

  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Schedule' })
    .click();
  const submit = page.getByRole('button', { name: 'Schedule Campaign' });
  await expect(submit).toBeEnabled({ timeout: 90_000 }); // disabled while the page syncs
  const marker = `tyres${Date.now() % 100000}`;
  const imageUrl = `https://cdn.example.com/${marker}/winter.png`;
  await page.getByLabel('Campaign Name').fill(`Image ${marker}`);
  await page.getByLabel('Campaign Description').fill('Winter tyres, with a picture');
  await page.getByLabel('Audience').selectOption({ label: tagName });
  await page
    .getByLabel('Message', { exact: true })
    .fill(`Hi {first_name|there}! ${marker} are in.`);
  await page.getByLabel('Purpose').selectOption({ label: 'Account update' });

  // The field's rule first: an http address is refused on the field, and nothing opens.
  const image = page.getByLabel('Image (optional)');
  await image.fill(`http://cdn.example.com/${marker}/winter.png`);
  await submit.click();
  await expect(image).toBeFocused();
  await expect(page.getByText('Enter an image address starting with https://')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await image.fill(imageUrl);
  await submit.click();

  const review = page.getByRole('dialog', { name: 'Review your campaign' });
  // The preview shows the image before the message; a browser that cannot load it (this test's has no
  // internet) says so instead.
  await expect(
    review
      .getByRole('img', { name: 'The campaign image' })
      .or(review.getByText('The image could not be shown here.', { exact: false })),
  ).toBeVisible();
  expect(await outbox(request, pageId, marker)).toEqual([]);
  await review.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\?campaign=/, { timeout: 30_000 });

  await expect
    .poll(async () => (await outbox(request, pageId, marker)).length, { timeout: 120_000 })
    .toBe(4);
  const sent = await outbox(request, pageId, marker);
  for (const m of members) {
    const parts = sent.filter((e) => e.recipient === m.id).sort((a, b) => a.time - b.time);
    expect(parts.map((e) => (e.attachment ? `image ${e.attachment.url}` : 'text'))).toEqual([
      `image ${imageUrl}`,
      'text',
    ]);
    expect(parts[0]?.attachment?.attachment_id).toBeTruthy();
    expect(parts[1]?.text).toMatch(new RegExp(`^Hi .+! ${marker} are in\\.$`));
  }
});
