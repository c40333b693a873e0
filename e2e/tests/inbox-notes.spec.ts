// A team on one page: a private note written by one admin reaches the other admin's open inbox live (and
// never the contact), and a saved reply inserted with `/` goes out with the contact's own first name.
import { expect, test, type Browser } from '@playwright/test';
import { DEMO_ADMIN, SECOND_ADMIN, outboxOf, present, selectPage, signIn } from './fixtures';
import { checkBothThemes, createTeamPage, removeTeamPages } from './team-page';

test.afterEach(async ({ request }) => removeTeamPages(request));

/** A signed-in admin in a browser of their own, on the page's inbox with the contact's chat open. */
async function openChat(browser: Browser, userName: string, pageName: string, contact: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { userName });
  await selectPage(page, pageName);
  await page.getByRole('link', { name: 'Chats' }).first().click();
  const row = page.getByTestId('conversation-row').filter({ hasText: contact });
  await expect(row.first()).toBeVisible({ timeout: 60_000 });
  await row.first().click();
  const chat = page.getByRole('region', { name: 'Conversation' });
  await expect(chat.getByRole('heading', { name: contact })).toBeVisible();
  return { context, page, chat };
}

test('notes reach the other admin live; a saved reply goes out with the name', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const shared = await createTeamPage(request, 'Team Desk', 2);
  const contact = present(shared.contacts[0], 'a contact');

  const first = await openChat(browser, DEMO_ADMIN, shared.name, contact.name);
  const second = await openChat(browser, SECOND_ADMIN, shared.name, contact.name);

  // A private note from the first admin shows, live, in the second admin's open chat.
  const note = `Asked about a refund ${Date.now()}`;
  await first.chat.getByRole('tab', { name: 'Private note' }).click();
  await first.chat.getByRole('textbox', { name: 'Private note' }).fill(note);
  await first.chat.getByRole('button', { name: 'Add note' }).click();
  await expect(first.chat.getByTestId('note-card').filter({ hasText: note })).toBeVisible();
  const seen = second.chat.getByTestId('note-card').filter({ hasText: note });
  await expect(seen).toBeVisible({ timeout: 20_000 });
  await expect(seen).toContainText('Private note · only admins see this');
  await expect(seen).toContainText(DEMO_ADMIN);
  // The note card and the composer's tabs (the first admin's, on 'Private note').
  await checkBothThemes(first.page);

  // A saved reply, made in its dialog from the composer, inserted with `/` and sent.
  await first.chat.getByRole('tab', { name: 'Reply' }).click();
  await first.chat.getByRole('button', { name: 'Insert a saved reply' }).click();
  await first.chat.getByRole('button', { name: 'Manage saved replies' }).click();
  const dialog = first.page.getByRole('dialog', { name: 'Saved replies' });
  await dialog.getByRole('button', { name: 'New saved reply' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('greeting');
  await dialog
    .getByRole('textbox', { name: 'Reply', exact: true })
    .fill('Hi {first_name|there}, thanks for writing to us!');
  await dialog.getByRole('button', { name: 'Save reply' }).click();
  await expect(dialog.getByText('/greeting')).toBeVisible();
  await first.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const input = first.chat.getByRole('textbox', { name: 'Message' });
  await input.fill('');
  await input.pressSequentially('/gre');
  const list = first.chat.getByRole('listbox', { name: 'Saved replies' });
  await expect(list.getByRole('option', { name: /greeting/ })).toBeVisible();
  await checkBothThemes(first.page);
  await input.press('Enter');
  const firstName = present(contact.name.split(' ')[0], 'first name');
  const expected = `Hi ${firstName}, thanks for writing to us!`;
  await expect(input).toHaveValue(expected);
  await input.press('Enter');
  await expect(input).toHaveValue('');

  await expect
    .poll(async () => (await outboxOf(request, shared.id)).map((e) => [e.recipient, e.text]))
    .toEqual([[contact.psid, expected]]);

  // Asking the whole view to subscribe: the dialog says how many first, and only its button sends.
  await first.page
    .getByRole('button', { name: 'Ask everyone in this view to subscribe to marketing messages' })
    .click();
  const ask = first.page.getByRole('dialog', { name: 'Ask to subscribe to marketing messages' });
  await expect(ask).toContainText(
    'Meta’s opt-in request will be sent to 2 contacts of this view who wrote in the last 24 hours.',
  );
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await checkBothThemes(first.page);
  await ask.getByRole('button', { name: 'Ask 2 contacts' }).click();
  await expect(first.page.getByText('Asked 2 to subscribe.')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await outboxOf(request, shared.id)).filter((e) => e.text.startsWith('[Opt-in request]'))
          .length,
    )
    .toBe(2);
  await first.context.close();
  await second.context.close();
});
