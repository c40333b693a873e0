// Inbox search in the browser: a word of an older message (not the preview) finds the conversation, and
// the row shows the matching line with the word highlighted, still fitting the list at a phone's width.
import { expect, test } from '@playwright/test';
import { browserOn, contactWrites, DEMO_PAGES, openChats, present } from './fixtures';
import { apiClient, bodyOf } from './api';

test('inbox search: the matching line is shown in the row, the word highlighted', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { headers, pageId } = await browserOn(page, DEMO_PAGES.bakery);
  await openChats(page);

  const res = await apiClient(request, { headers }).inbox.getRecipients({
    params: { pageId },
    query: { limit: 5 },
  });
  const contact = present(bodyOf(res, 200).recipients[0], 'a contact');
  const write = (text: string) => contactWrites(request, pageId, contact.id, text);
  // A word no other message has, in a message that is no longer the preview once the contact writes again.
  const word = `kerbside${Date.now().toString(36)}`;
  await write(`Is there ${word} parking near the bakery? We come by car.`);
  const later = `See you on Saturday ${Date.now()}`;
  await write(later);
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByTestId('conversation-row').first()).toContainText(later, {
    timeout: 30_000,
  });

  await page.getByPlaceholder('Search conversations...').fill(word.toUpperCase());
  const rows = list.getByTestId('conversation-row');
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  const row = rows.first();
  await expect(row).toContainText(contact.name ?? '');
  await expect(row).toContainText(`Is there ${word} parking`);
  const hit = row.getByTestId('search-hit');
  await expect(hit).toHaveText(word);
  await expect(hit).toBeVisible();

  // At a phone's width the row still fits and the highlighted word is on screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(hit).toBeVisible();
  const fits = await row.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
  expect(fits).toBe(true);
  const box = await hit.boundingBox();
  const rowBox = await row.boundingBox();
  expect(box && rowBox && box.x + box.width <= rowBox.x + rowBox.width).toBe(true);
  await page.screenshot({ path: test.info().outputPath('inbox-search.png') });
});
