// Text with HTML is shown as text: a contact's message and the admin's own message carrying <img onerror> and
// <script> render literally in the inbox, and no script runs (window.__xss stays undefined).
import { expect, test } from '@playwright/test';
import { browserOn, contactWrites, DEMO_PAGES } from './fixtures';
import { apiClient, waitForRecipients } from './api';

test('HTML in messages is shown as text and never runs', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { headers, pageId } = await browserOn(page, DEMO_PAGES.yoga);

  await page.getByRole('link', { name: 'Chats' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/chats$/);
  const { id, name } = await waitForRecipients(
    apiClient(request, { headers }),
    pageId,
    (recipients) => recipients.find((r) => r.windowOpen && r.name),
  );

  const inbound = `<img src=x onerror=window.__xss=1> ${Date.now()}`;
  await contactWrites(request, pageId, id, inbound);

  const search = page.getByPlaceholder('Search conversations...');
  await search.fill(name);
  await page.getByTestId('conversation-row').filter({ hasText: name }).first().click();
  const chat = page.getByRole('region', { name: 'Conversation' });
  await expect(chat.getByTestId('message-bubble').filter({ hasText: inbound })).toBeVisible({
    timeout: 30_000,
  });

  const outbound = `<script>window.__xss=2</script><img src=x onerror=window.__xss=3> ${Date.now()}`;
  const input = chat.getByPlaceholder('Type a message...');
  await input.fill(outbound);
  await input.press('Enter');
  await expect(chat.getByTestId('message-bubble').filter({ hasText: outbound })).toBeVisible();

  // The literal text is on screen, no <img> was created from it, and nothing ran.
  await expect(chat.locator('img[src="x"]')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  ).toBeUndefined();
  // A reload renders them from the API (history), still as text.
  await page.reload();
  await page.getByPlaceholder('Search conversations...').fill(name);
  await page.getByTestId('conversation-row').filter({ hasText: name }).first().click();
  await expect(chat.getByTestId('message-bubble').filter({ hasText: outbound })).toBeVisible({
    timeout: 30_000,
  });
  await expect(chat.getByTestId('message-bubble').filter({ hasText: inbound })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  ).toBeUndefined();
});
