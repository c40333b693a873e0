// The inbox as Messenger is, end to end: a contact's photo and sticker, the page's reply reacted to and
// 'Seen', messages that arrive in standby while Meta's Page Inbox holds the thread, unread counts in the
// list and the tab, and a server search that finds a conversation by a word of a message.
import { expect, test } from '@playwright/test';
import { DEMO_PAGES, emulatorURL, selectPage, sessionOf, signIn } from './fixtures';
import { apiClient, bodyOf } from './api';

interface Recipient {
  id: string;
  name: string;
  windowOpen: boolean;
}

test('inbox: files, stickers, reactions, Seen, standby, unread and search', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bakery);
  const { headers, pageId } = await sessionOf(page);
  await page.getByRole('link', { name: 'Chats' }).first().click();
  await expect(page.getByTestId('conversation-row').first()).toBeVisible({ timeout: 60_000 });

  // Two named contacts inside the window.
  let inside: Recipient[] = [];
  await expect
    .poll(
      async () => {
        const res = await apiClient(request, { headers }).inbox.getRecipients({
          params: { pageId },
          query: { limit: 100 },
        });
        inside = bodyOf(res, 200).recipients.filter((r) => r.windowOpen && r.name);
        return inside.length >= 2;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const [contact, other] = inside as [Recipient, Recipient];
  const emulate = (path: string, data: unknown) =>
    request.post(`${emulatorURL}/_emulator/pages/${pageId}/contacts/${contact.id}/${path}`, {
      data,
    });

  // The contact sends a photo with a caption, then a sticker: both show in the thread.
  const caption = `My mat after class ${Date.now()}`;
  expect(
    (await emulate('messages', { text: caption, attachments: [{ type: 'image' }] })).ok(),
  ).toBe(true);
  expect((await emulate('messages', { attachments: [{ type: 'sticker' }] })).ok()).toBe(true);
  const search = page.getByPlaceholder('Search conversations...');
  await search.fill(contact.name);
  await page.getByTestId('conversation-row').filter({ hasText: contact.name }).first().click();
  const chat = page.getByRole('region', { name: 'Conversation' });
  await expect(chat.getByRole('heading', { name: contact.name })).toBeVisible();
  const photoBubble = chat.getByTestId('message-bubble').filter({ hasText: caption });
  await expect(photoBubble.getByRole('img', { name: 'Photo' })).toBeVisible();
  await expect(chat.getByRole('img', { name: 'Sticker' }).last()).toBeVisible();
  await expect(photoBubble.getByRole('img', { name: 'Photo' })).toHaveJSProperty('complete', true);

  // The page answers; the contact reacts and reads: the reaction and 'Seen' show on that reply.
  const reply = `Lovely! See you Thursday ${Date.now()}`;
  const input = chat.getByPlaceholder('Type a message...');
  await input.fill(reply);
  await input.press('Enter');
  const replyBubble = chat.getByTestId('message-bubble').filter({ hasText: reply });
  await expect(replyBubble).toBeVisible();
  let mid = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${emulatorURL}/_emulator/pages/${pageId}/outbox`);
      const out = (await res.json()) as { data: Array<{ mid: string; text: string }> };
      mid = out.data.find((e) => e.text === reply)?.mid ?? '';
      return mid;
    })
    .not.toBe('');
  expect((await emulate('reactions', { mid, emoji: '❤️' })).ok()).toBe(true);
  expect((await emulate('read', {})).ok()).toBe(true);
  await expect(replyBubble.getByRole('img', { name: 'Reacted ❤️' })).toBeVisible();
  await expect(chat.getByText('Seen', { exact: true })).toBeVisible();

  // Meta's Page Inbox takes the threads: the contact's message and a reply from Business Suite still
  // arrive (in standby) and show live.
  const standbyText = `Standby zebra ${Date.now()}`;
  expect(
    (
      await request.post(`${emulatorURL}/_emulator/pages/${pageId}/thread-owner`, {
        data: { owner: 'inbox' },
      })
    ).ok(),
  ).toBe(true);
  try {
    expect((await emulate('messages', { text: standbyText })).ok()).toBe(true);
    expect((await emulate('inbox-reply', { text: 'Answered in Business Suite' })).ok()).toBe(true);
    await expect(chat.getByTestId('message-bubble').filter({ hasText: standbyText })).toBeVisible();
    await expect(
      chat.getByTestId('message-bubble').filter({ hasText: 'Answered in Business Suite' }).last(),
    ).toHaveAttribute('data-variant', 'sent');
  } finally {
    await request.post(`${emulatorURL}/_emulator/pages/${pageId}/thread-owner`, {
      data: { owner: 'app' },
    });
  }

  // Another contact writes twice: the list counts it unread, the tab title too; opening it clears both.
  // Counted from what it had: earlier specs share the demo page and may have left it unread.
  const before =
    bodyOf(
      await apiClient(request, { headers }).inbox.getRecipients({
        params: { pageId },
        query: { limit: 100 },
      }),
      200,
    ).recipients.find((r) => r.id === other.id)?.unreadCount ?? 0;
  await search.fill('');
  for (const text of ['Is the 7am class full?', 'Or the 8am?'])
    await request.post(`${emulatorURL}/_emulator/pages/${pageId}/contacts/${other.id}/messages`, {
      data: { text },
    });
  const otherRow = page.getByTestId('conversation-row').filter({ hasText: other.name }).first();
  const unread = otherRow.getByLabel(`${before + 2} unread`);
  await expect(unread).toBeVisible();
  await expect(page).toHaveTitle(/^\(\d+\) Chats/);
  await otherRow.click();
  await expect(unread).toHaveCount(0);

  // The server search finds the first contact by a word of their message, not their name.
  await search.fill('zebra');
  await expect(page.getByTestId('conversation-row')).toHaveCount(1);
  await expect(page.getByTestId('conversation-row').first()).toContainText(contact.name);
});
