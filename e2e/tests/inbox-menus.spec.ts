// The queue's open states, looked at and checked by axe in both themes at 1366 and 390 px: the Assign and
// Snooze menus, the saved-replies list, a note being edited and the status filter; on the way, a snooze
// until a time takes the conversation out of Needs reply and into Snoozed, and the unreachable count follows
// a contact who writes again. On a page made for the spec (deleted after): the demo pages stay as the
// other specs expect them.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SECOND_ADMIN, addContacts, contactWrites, present, selectPage, signIn } from './fixtures';
import { checkBothThemes, createTeamPage, removeTeamPages } from './team-page';

test.afterEach(async ({ request }) => removeTeamPages(request));

/** Opens the menu `trigger` opens and checks it; it stays open. */
async function checkMenu(page: Page, trigger: Locator, state: string): Promise<Locator> {
  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // Whole inside the window, even when the trigger sits near its edge (the chat header on a phone).
  const box = present(await menu.boundingBox(), `the ${state} menu's box`);
  const width = present(page.viewportSize(), 'viewport').width;
  expect(box.x, `${state} menu's left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${state} menu's right edge`).toBeLessThanOrEqual(width);
  await checkBothThemes(page, `inbox-menus-${state}`);
  return menu;
}

test('the queue menus, the saved replies and a note being edited pass axe in both themes', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const made = await createTeamPage(request, 'Queue Desk', 2);
  const contact = present(made.contacts[0], 'a contact');

  // A contact whose last message is 8 days old: no window left, so unreachable.
  const gone = present(
    (await addContacts(request, made.id, { count: 1, inboundAgoMs: 8 * 24 * 3600_000 }))[0],
    'an unreachable contact',
  );

  // The colleague signs in once, so the Assign menu lists them.
  const other = await browser.newContext();
  try {
    const colleague = await other.newPage();
    await signIn(colleague, { userName: SECOND_ADMIN });
    await selectPage(colleague, made.name);
  } finally {
    await other.close();
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await selectPage(page, made.name);
  await page.goto('/dashboard/chats?filter=needs_reply');
  const row = page.getByTestId('conversation-row').filter({ hasText: contact.name });
  await expect(row.first()).toBeVisible({ timeout: 60_000 });

  // The unreachable count follows the live stream: the contact writes again and, with no reload, is
  // no longer counted.
  const resolveUnreachable = page.getByRole('button', { name: 'Resolve 1 unreachable' });
  await expect(resolveUnreachable).toBeVisible({ timeout: 30_000 });
  await contactWrites(request, made.id, gone.psid, `Are you still open? ${Date.now()}`);
  await expect(resolveUnreachable).toBeHidden({ timeout: 15_000 });
  await row.first().click();
  const chat = page.getByRole('region', { name: 'Conversation' });
  await expect(chat.getByRole('heading', { name: contact.name })).toBeVisible();

  // A note, then its editor open.
  const note = `Called back about the order ${Date.now()}`;
  await chat.getByRole('tab', { name: 'Private note' }).click();
  await chat.getByRole('textbox', { name: 'Private note' }).fill(note);
  await chat.getByRole('button', { name: 'Add note' }).click();
  const card = chat.getByTestId('note-card').filter({ hasText: note });
  await expect(card).toBeVisible();
  await chat.getByRole('tab', { name: 'Reply' }).click();

  // A saved reply to list.
  await chat.getByRole('button', { name: 'Insert a saved reply' }).click();
  await chat.getByRole('button', { name: 'Manage saved replies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Saved replies' });
  await dialog.getByRole('button', { name: 'New saved reply' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('hours');
  await dialog
    .getByRole('textbox', { name: 'Reply', exact: true })
    .fill('Hi {first_name|there}, we are open 8:00 to 18:00.');
  await dialog.getByRole('button', { name: 'Save reply' }).click();
  await expect(dialog.getByText('/hours')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await expect(chat.getByRole('heading', { name: contact.name })).toBeVisible();

    await checkMenu(page, chat.getByRole('button', { name: 'Snooze', exact: true }), 'snooze');
    await page.keyboard.press('Escape');

    const assign = await checkMenu(
      page,
      chat.getByRole('button', { name: 'Assign', exact: true }),
      'assign',
    );
    await expect(assign.getByRole('menuitem', { name: SECOND_ADMIN })).toBeVisible();
    await page.keyboard.press('Escape');

    await chat.getByRole('button', { name: 'Insert a saved reply' }).click();
    await expect(
      page.getByRole('listbox', { name: 'Saved replies' }).getByRole('option', { name: /hours/ }),
    ).toBeVisible();
    await checkBothThemes(page, 'inbox-menus-saved-replies');
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Edit note' }).click();
    await expect(card.getByRole('textbox', { name: 'Edit note' })).toBeFocused();
    await checkBothThemes(page, 'inbox-menus-note-editing');
    await card.getByRole('button', { name: 'Cancel' }).click();
  }

  // Snoozed for an hour: out of Needs reply, in Snoozed with its time, until then.
  await page.setViewportSize({ width: 1366, height: 900 });
  await chat.getByRole('button', { name: 'Snooze', exact: true }).click();
  await page.getByRole('menuitem', { name: '1 hour' }).click();
  // The list shows Needs reply: the conversation leaves it.
  await expect(page.getByRole('radio', { name: 'Needs reply' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('radio', { name: 'Snoozed' }).click();
  await expect(page.getByRole('radio', { name: 'Snoozed' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(row.first().getByTestId('row-status')).toHaveText(/^Snoozed until \S/);
  await checkBothThemes(page, 'inbox-menus-filter-snoozed');
  // On a phone the open chat covers the list: back to it.
  await page.setViewportSize({ width: 390, height: 844 });
  await chat.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(row.first()).toBeVisible();
  await checkBothThemes(page, 'inbox-menus-filter-snoozed');
});
