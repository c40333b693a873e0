// The inbox as Messenger is, end to end: a contact's photo and sticker, the page's reply reacted to and
// 'Seen', messages that arrive in standby while Meta's Page Inbox holds the thread, unread counts in the
// list and the tab, and a server search that finds a conversation by a word of a message.
import { expect, test } from '@playwright/test';
import { browserOn, contactWrites, DEMO_PAGES, emu, openChats, outboxOf } from './fixtures';
import { apiClient, bodyOf, waitForRecipients } from './api';

test('inbox: files, stickers, reactions, Seen, standby, unread and search', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { headers, pageId } = await browserOn(page, DEMO_PAGES.bakery);
  await openChats(page);

  // Two named contacts inside the window.
  const [contact, other] = await waitForRecipients(
    apiClient(request, { headers }),
    pageId,
    (recipients) => {
      const [first, second] = recipients.filter((r) => r.windowOpen && r.name);
      return first && second && ([first, second] as const);
    },
  );
  const emulate = (path: string, data: unknown) =>
    emu(request, `/_emulator/pages/${pageId}/contacts/${contact.id}/${path}`, { data });

  // The contact sends a photo with a caption, then a sticker: both show in the thread.
  const caption = `My mat after class ${Date.now()}`;
  await emulate('messages', { text: caption, attachments: [{ type: 'image' }] });
  await emulate('messages', { attachments: [{ type: 'sticker' }] });
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
      mid = (await outboxOf(request, pageId)).find((e) => e.text === reply)?.mid ?? '';
      return mid;
    })
    .not.toBe('');
  await emulate('reactions', { mid, emoji: '❤️' });
  await emulate('read', {});
  await expect(replyBubble.getByRole('img', { name: 'Reacted ❤️' })).toBeVisible();
  await expect(chat.getByText('Seen', { exact: true })).toBeVisible();

  // Meta's Page Inbox takes the threads: the contact's message and a reply from Business Suite still
  // arrive (in standby) and show live.
  const standbyText = `Standby zebra ${Date.now()}`;
  await emu(request, `/_emulator/pages/${pageId}/thread-owner`, { data: { owner: 'inbox' } });
  try {
    await emulate('messages', { text: standbyText });
    await emulate('inbox-reply', { text: 'Answered in Business Suite' });
    await expect(chat.getByTestId('message-bubble').filter({ hasText: standbyText })).toBeVisible();
    await expect(
      chat.getByTestId('message-bubble').filter({ hasText: 'Answered in Business Suite' }).last(),
    ).toHaveAttribute('data-variant', 'sent');
  } finally {
    await emu(request, `/_emulator/pages/${pageId}/thread-owner`, { data: { owner: 'app' } });
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
    await contactWrites(request, pageId, other.id, text);
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
