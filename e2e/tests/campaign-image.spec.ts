// A campaign's image (docs/campaigns.md "Image"), on the bike shop's demo page, through Review -> Confirm: the
// review's preview shows the image before the message, and each contact inside the window gets the image,
// then the text, once each, in that order (the emulator's outbox).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PAGES, outboxOf } from './fixtures';
import { openSchedule, twoContactsInWindow } from './window-audience';

/** The campaign's sends: its text (with the marker) and its image (the marker is in the image's address). */
const outbox = async (request: APIRequestContext, pageId: string, marker: string) =>
  (await outboxOf(request, pageId)).filter(
    (e) => e.text.includes(marker) || (e.attachment?.url ?? '').includes(marker),
  );

test('each contact gets the image, then the text, once each, after Review and Confirm', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { pageId, members, tagName } = await twoContactsInWindow(page, request, {
    pageName: DEMO_PAGES.bikeShop,
    tagPrefix: 'Image',
    says: 'Do you have winter tyres?',
  });

  const submit = await openSchedule(page);
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
