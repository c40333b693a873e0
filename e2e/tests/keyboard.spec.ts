// Keyboard and theme journeys: the inbox driven from the keyboard alone ('?' help, j/k and
// arrows, '/', 'c', Enter, Esc), and the Light / Dark / System choice in the user menu kept across visits.
import { expect, test } from '@playwright/test';
import { openRoute, themedContext, uxRoute } from './ux-routes';

test('inbox from the keyboard: help, move, search, compose, leave', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  try {
    await openRoute(page, uxRoute('chats'), 'light');
    const rows = page.getByTestId('conversation-row');
    await expect(rows.nth(2)).toBeVisible({ timeout: 90_000 });
    const chat = page.getByRole('region', { name: 'Conversation' });

    // '?' lists the shortcuts; Esc closes the dialog.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByText('Next conversation')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    // The first conversation opens by itself; j opens the next one, k goes back, ArrowDown works too.
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(1)).toBeFocused();
    const secondName =
      (await rows.nth(1).locator('bdi.truncate').first().textContent())?.trim() ?? '';
    await expect(chat.getByRole('heading', { level: 2 })).toHaveText(secondName);
    await page.keyboard.press('k');
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');

    // '/' focuses the search; typing goes into it (no shortcut fires); Esc leaves it for the open row.
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await expect(search).toBeFocused();
    await page.keyboard.type('jk');
    await expect(search).toHaveValue('jk');
    await page.keyboard.press('Escape');
    await expect(search).not.toBeFocused();
    await search.fill('');

    // Enter on a focused conversation opens it and puts the cursor in the message box (when the
    // 24-hour window is open; otherwise the box is disabled and the focus stays on the row).
    await rows.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    const composer = chat.getByRole('textbox', { name: 'Message' });
    if (await composer.isEnabled()) {
      await expect(composer).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(composer).not.toBeFocused();
      await expect(rows.nth(0)).toBeFocused();
      await page.keyboard.press('c');
      await expect(composer).toBeFocused();
      // Typing 'j' in the box is text, not navigation.
      await page.keyboard.type('j');
      await expect(composer).toHaveValue('j');
      await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    } else {
      await expect(rows.nth(0)).toBeFocused();
    }
  } finally {
    await context.close();
  }
});

test('theme: Light / Dark / System in the user menu, kept across visits', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  const html = page.locator('html');
  try {
    await openRoute(page, uxRoute('home'), 'light');
    const openMenu = async () => {
      await page.locator('[data-slot="nav-user"] > button').click();
      return page.getByRole('menu', { name: 'User menu' });
    };
    let menu = await openMenu();
    await expect(menu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(menu.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // Kept across visits (and applied before the first paint by index.html's inline script), on public pages too.
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.goto('/privacy-policy');
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('pagecast.theme'))).toBe('dark');

    // The public header has the same choice.
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: /Light/ }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);

    await page.goto('/dashboard/home');
    menu = await openMenu();
    await expect(menu.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // System follows the OS preference, live.
    await menu.getByRole('menuitemradio', { name: 'System' }).click();
    expect(await page.evaluate(() => localStorage.getItem('pagecast.theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  } finally {
    await context.close();
  }
});
