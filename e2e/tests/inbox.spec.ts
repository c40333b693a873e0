// The live inbox end to end: open it, search, pick a contact inside the 24-hour window, send (the emulator's
// outbox has it once), see a contact's message arrive live, and bulk-tag three chats.
import { expect, test } from '@playwright/test';
import {
  browserOn,
  contactWrites,
  DEMO_PAGES,
  openChats,
  outboxOf,
  selectPage,
  signIn,
} from './fixtures';
import { apiClient, createTag, waitForRecipients } from './api';

test('inbox: search, send inside the window, live message, bulk tags', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { headers, pageId } = await browserOn(page, DEMO_PAGES.bakery);

  await page.getByRole('link', { name: 'Chats' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/chats$/);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  // Contacts arrive with the page sync started on dashboard load.
  await expect(page.getByTestId('conversation-row').first()).toBeVisible({ timeout: 60_000 });

  // A contact inside the window (the demo world has about a quarter of them there).
  const contact = await waitForRecipients(apiClient(request, { headers }), pageId, (recipients) =>
    recipients.find((r) => r.windowOpen && r.name),
  );

  // Search (case-insensitive) narrows the list to that contact; open it.
  const search = page.getByPlaceholder('Search conversations...');
  await search.fill(contact.name.toUpperCase());
  const row = page.getByTestId('conversation-row').filter({ hasText: contact.name });
  await expect(row.first()).toBeVisible();
  await row.first().click();
  const chat = page.getByRole('region', { name: 'Conversation' });
  await expect(chat.getByRole('heading', { name: contact.name })).toBeVisible();

  // Send: the bubble shows, the input clears, the emulator's outbox holds it exactly once.
  const text = `Hello from the inbox e2e ${Date.now()}`;
  const input = chat.getByPlaceholder('Type a message...');
  await input.fill(text);
  await input.press('Enter');
  await expect(chat.getByTestId('message-bubble').filter({ hasText: text })).toBeVisible();
  await expect(input).toHaveValue('');
  await expect
    .poll(async () =>
      (await outboxOf(request, pageId))
        .filter((e) => e.text === text)
        .map((e) => [e.recipient, e.messaging_type]),
    )
    .toEqual([[contact.id, 'RESPONSE']]);

  // The contact writes (emulator control API -> signed webhook -> API -> SSE): it appears with no reload,
  // and the conversation is at the top of the list.
  await search.fill('');
  const reply = `Live reply ${Date.now()}`;
  await contactWrites(request, pageId, contact.id, reply);
  await expect(chat.getByTestId('message-bubble').filter({ hasText: reply })).toBeVisible();
  await expect(page.getByTestId('conversation-row').first()).toContainText(contact.name);
  await expect(page.getByTestId('conversation-row').first()).toContainText(reply);

  // Bulk tag assignment: a fresh tag on three chats.
  const tagName = `Bulk ${Date.now() % 100000}`;
  await createTag(apiClient(request, { headers }), {
    name: tagName,
    description: 'Tagged by the inbox e2e',
    pageId,
  });
  await page.reload();
  await expect(page.getByTestId('conversation-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('switch', { name: 'Multi-select' }).click();
  const rows = page.getByTestId('conversation-row');
  for (const i of [0, 1, 2]) await rows.nth(i).click();
  const panel = page.getByRole('region', { name: 'Bulk Tag Assignment' });
  await expect(panel.getByText('Assign tags to 3 selected chat(s)')).toBeVisible();
  await panel.getByRole('checkbox', { name: `Add ${tagName}` }).check();
  await panel.getByRole('button', { name: 'Apply to 3 chat(s)' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Bulk tag progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByText('Tags updated for 3 chat(s)')).toBeVisible();

  // The counts: the page's tag list says 3 users carry the new tag (Manage Tags reads the same endpoint).
  await page.getByRole('link', { name: 'Manage Tags' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/manage-tags$/);
  // One section open at a time, 'Create Tag' first (spec §2): open 'Tags Details'.
  await page.getByRole('button', { name: 'Tags Details' }).click();
  const tagRow = page.getByRole('row').filter({ hasText: tagName });
  await expect(tagRow).toBeVisible({ timeout: 30_000 });
  // Columns: #, Name, Description, Users Count, then the row actions.
  await expect(tagRow.getByRole('cell').nth(3)).toHaveText('3');
});

test('inbox screenshots (light and dark, 375px and 1366px)', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bikeShop);
  await openChats(page);
  await expect(page.getByTestId('message-bubble').first()).toBeVisible({ timeout: 30_000 });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (t) => document.documentElement.classList.toggle('dark', t === 'dark'),
      theme,
    );
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await page.screenshot({ path: `test-results/inbox-${theme}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByTestId('conversation-row').first().click();
  await page.screenshot({ path: 'test-results/inbox-chat-dark-375.png' });
});
