import { expect, test, type Page } from '@playwright/test';
import { emu, emulatorUser, SECOND_ADMIN, signIn } from './fixtures';

/** Screens of this flow in both themes at a phone and a laptop width (kept as artifacts). */
async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    // The saved preference is applied by index.html at load (apps/web/src/lib/theme.ts).
    await page.evaluate((t) => localStorage.setItem('pagecast.theme', t), theme);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: test.info().outputPath(`${name}-${theme}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await page.evaluate(() => localStorage.removeItem('pagecast.theme'));
  await page.reload();
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe('data deletion', () => {
  // 'Second Admin' (one page of their own, one shared with 'Demo Admin'), so the demo admin other suites
  // sign in as keeps their data.
  test('relogin for data deletion ends home with the toast; the status page shows User deleted', async ({
    page,
    request,
  }) => {
    // Twelve full-page screenshots on a shared machine: more than the default minute.
    test.setTimeout(180_000);
    await signIn(page, { userName: SECOND_ADMIN });
    const userId = (await emulatorUser(request, SECOND_ADMIN)).id;

    await page.goto('/revoke-access');
    await expect(page.getByRole('heading', { name: 'Revoke Access', level: 1 })).toBeVisible();
    await shoot(page, 'revoke-access');

    // Wiping everything is confirmed first; the login runs from the confirming click.
    await page.getByRole('button', { name: 'Relogin For Data Deletion' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete all your Pagecast data?' });
    await expect(confirm).toBeVisible();
    const popupPromise = page.waitForEvent('popup');
    await confirm.getByRole('button', { name: 'Log in and delete my data' }).click();
    const popup = await popupPromise;
    // The dialog asks for the reduced scopes only.
    const asked = popup.getByRole('list', { name: 'Requested permissions' });
    await expect(asked).toContainText('pages_show_list');
    await expect(asked).not.toContainText('pages_messaging');
    await popup.getByRole('button', { name: `Continue as ${SECOND_ADMIN}` }).click();

    await expect(page.getByText('Data deletion completed')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('pagecast.admin')),
    );
    expect(stored).toEqual([]);

    // The person then removes the app on Facebook: Meta calls the data-deletion callback and shows them
    // the status link it answered, addressed by the confirmation code (never by their user id).
    const removed = await emu<{
      dataDeletion: { body: { url: string; confirmation_code: string } };
    }>(request, `/_emulator/users/${userId}/remove-app`, { data: {} });
    const statusUrl = new URL(removed.dataDeletion.body.url);
    expect(statusUrl.pathname).toBe(
      `/deletion-status/${removed.dataDeletion.body.confirmation_code}`,
    );
    await page.goto(statusUrl.pathname);
    await expect(page.getByRole('heading', { name: 'Deletion Status' })).toBeVisible();
    await expect(page.getByText(userId)).toBeVisible();
    // The job usually finishes before the page loads; otherwise the page polls every 5 s.
    await expect(page.getByText('User deleted')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Your data has been deleted')).toBeVisible();
    await shoot(page, 'deletion-status');

    await page.goto('/deletion-status/123456789');
    await expect(page.getByRole('heading', { name: 'No deletion request found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Error' })).toHaveCount(0);
    await shoot(page, 'deletion-status-error');
  });
});
