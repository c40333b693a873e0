import { expect, test, type Page } from '@playwright/test';
import { DEMO_PAGES, selectPage, signIn } from './fixtures';

const sectionToggle = (page: Page, name: string) =>
  page.locator('button[aria-expanded]', { hasText: name });

async function openManageTags(page: Page) {
  await signIn(page);
  await selectPage(page, DEMO_PAGES.yoga);
  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Manage Tags' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/manage-tags$/);
  await expect(page.getByRole('heading', { name: 'Manage Tags', level: 1 })).toBeVisible();
}

test.describe('Manage Tags', () => {
  test('live validation, create, see it with 0 users, rename, delete', async ({ page }) => {
    await openManageTags(page);
    const form = page.getByRole('form', { name: 'Create Tag' });
    const name = form.getByLabel('Tag Name');
    const description = form.getByLabel('Tag Description');
    await expect(sectionToggle(page, 'Create Tag')).toHaveAttribute('aria-expanded', 'true');

    // The live rules answer while typing.
    await name.pressSequentially('Yoga!');
    await expect(form.getByText('Invalid characters in name.')).toBeVisible();
    // The name stops at the live rule's 20 characters instead of taking more and showing an error.
    await name.clear();
    await name.pressSequentially('A name that is far too long');
    await expect(name).toHaveValue('A name that is far t');
    await expect(form.getByText('Name cannot exceed 20 characters.')).toHaveCount(0);
    await form.getByRole('button', { name: 'Create Tag' }).click();
    await expect(form.getByText('All fields are required.')).toBeVisible();

    await name.fill('Morning Regulars');
    await description.fill('Come to the 7am class, twice a week.');
    await expect(form.getByText('36/60')).toBeVisible();
    await form.getByRole('button', { name: 'Create Tag' }).click();
    await expect(page.getByText('Tag created successfully!')).toBeVisible();
    await expect(name).toHaveValue('');
    await expect(description).toHaveValue('');

    // A duplicate, in another case, is refused by the server.
    await name.fill('morning regulars');
    await description.fill('Again');
    await form.getByRole('button', { name: 'Create Tag' }).click();
    await expect(
      page.getByText(
        'Failed to create tag. A tag named "morning regulars" already exists on this page',
      ),
    ).toBeVisible();
    await expect(
      form.getByText('A tag named "morning regulars" already exists on this page'),
    ).toBeVisible();

    // Tags Details: the new tag with 0 users; only one section open.
    await sectionToggle(page, 'Tags Details').click();
    await expect(sectionToggle(page, 'Create Tag')).toHaveAttribute('aria-expanded', 'false');
    const row = page.getByRole('row', { name: /Morning Regulars/ });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Morning Regulars');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Come to the 7am class, twice a week.');
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');

    // Rename.
    await row.getByRole('button', { name: 'Rename Morning Regulars' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename tag' });
    await renameDialog.getByLabel('Tag Name').fill('Early Birds');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(renameDialog).toBeHidden();
    await expect(page.getByText('Tag updated successfully!')).toBeVisible();
    const renamed = page.getByRole('row', { name: /Early Birds/ });
    await expect(renamed.getByRole('cell').nth(3)).toHaveText('0');
    await expect(page.getByRole('row', { name: /Morning Regulars/ })).toHaveCount(0);

    // Each tag links to the inbox filtered by it (a real link, navigating in the app).
    const chatsLink = page.getByRole('link', { name: 'Show chats tagged Early Birds' });
    await expect(chatsLink).toHaveAttribute('href', /\/dashboard\/chats\?tag=[0-9a-f-]{36}$/);
    await chatsLink.click();
    await expect(page).toHaveURL(/\/dashboard\/chats\?tag=/);
    await expect(page.getByRole('combobox', { name: 'Filter by tag' })).toHaveValue(
      /^[0-9a-f-]{36}$/,
    );
    await expect(page.getByRole('combobox', { name: 'Filter by tag' })).toContainText(
      'Early Birds',
    );
    await expect(page.getByText('No conversations with this tag.')).toBeVisible();
    await page.goBack();

    // The list survives a reload (it comes from the server).
    await page.reload();
    await sectionToggle(page, 'Tags Details').click();
    await expect(page.getByRole('row', { name: /Early Birds/ })).toBeVisible();

    // Delete, after a confirmation that says how many contacts carry it.
    await page.getByRole('button', { name: 'Delete Early Birds' }).click();
    const deleteDialog = page.getByRole('dialog');
    await expect(deleteDialog).toContainText('No contacts carry this tag.');
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tag deleted successfully!')).toBeVisible();
    await expect(page.getByRole('row', { name: /Early Birds/ })).toHaveCount(0);
    await expect(page.getByRole('cell', { name: 'No data' })).toBeVisible();
  });
});

test('Manage Tags screenshots: light and dark, 375px and 1366px', async ({ page }, testInfo) => {
  await openManageTags(page);
  const form = page.getByRole('form', { name: 'Create Tag' });
  for (const [name, description] of [
    ['Beginners', 'New to yoga, first month.'],
    ['Evening Flow', 'Book the 6pm vinyasa class.'],
  ] as const) {
    await form.getByLabel('Tag Name').fill(name);
    await form.getByLabel('Tag Description').fill(description);
    await form.getByRole('button', { name: 'Create Tag' }).click();
    await expect(form.getByLabel('Tag Name')).toHaveValue('');
  }
  await form.getByLabel('Tag Name').fill('Bad_name!');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('pagecast.theme', t), theme);
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.getByRole('form', { name: 'Create Tag' }).getByLabel('Tag Name').fill('Bad_name!');
      await page.screenshot({
        path: testInfo.outputPath(`manage-tags-create-${theme}-${width}.png`),
        fullPage: true,
      });
      await sectionToggle(page, 'Tags Details').click();
      await expect(page.getByRole('row', { name: /Evening Flow/ })).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`manage-tags-details-${theme}-${width}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Delete Beginners' }).click();
      await page.screenshot({
        path: testInfo.outputPath(`manage-tags-delete-${theme}-${width}.png`),
      });
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    }
  }
});
