// Responsive (issue 12): every route at 375, 768 and 1366px wide has no horizontal page overflow (tables
// scroll inside their own container); under 768px the sidebar is a side sheet and the inbox shows either
// the list or the chat.
import { expect, test } from '@playwright/test';
import { UX_ROUTES, WIDTHS, openRoute, themedContext } from './ux-routes';

test.describe('no horizontal page overflow', () => {
  for (const width of WIDTHS) {
    for (const route of UX_ROUTES) {
      test(`${route.path} at ${width}px`, async ({ browser }) => {
        test.setTimeout(120_000);
        const context = await themedContext(browser, {
          theme: 'light',
          width,
          signedIn: route.signedIn,
        });
        const page = await context.newPage();
        try {
          await openRoute(page, route, 'light');
          const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
            const root = document.scrollingElement ?? document.documentElement;
            // Name what sticks out, so a failure says where to look.
            const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
              .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
              .filter(
                (el) =>
                  !el.closest(
                    '[class*="overflow-x-auto"], [class*="overflow-auto"], [class*="overflow-hidden"]',
                  ),
              )
              .slice(0, 5)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
            return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, wide };
          });
          expect(scrollWidth, wide.join('\n')).toBeLessThanOrEqual(innerWidth + 1);
        } finally {
          await context.close();
        }
      });
    }
  }
});

test('under 768px the sidebar is a side sheet; from 768px it is in the page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const home = UX_ROUTES.find((r) => r.name === 'home')!;
  const context = await themedContext(browser, { theme: 'light', width: 375, signedIn: true });
  const page = await context.newPage();
  try {
    await openRoute(page, home, 'light');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Dashboard navigation' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Manage Tags' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage-tags$/);
    await expect(sheet).toBeHidden();

    await page.setViewportSize({ width: 768, height: 900 });
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Dashboard navigation' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('on a phone the inbox shows the list, then the chat, then the list again', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const chats = UX_ROUTES.find((r) => r.name === 'chats')!;
  const context = await themedContext(browser, { theme: 'light', width: 375, signedIn: true });
  const page = await context.newPage();
  try {
    await openRoute(page, chats, 'light');
    const list = page.getByRole('complementary', { name: 'Conversations' });
    const chat = page.getByRole('region', { name: 'Conversation' });
    // Contacts arrive with the page sync the dashboard starts.
    const row = page.getByTestId('conversation-row').first();
    await expect(row).toBeVisible({ timeout: 90_000 });
    await expect(chat).toBeHidden();
    await row.click();
    await expect(chat).toBeVisible();
    await expect(list).toBeHidden();
    await chat.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(list).toBeVisible();
    await expect(chat).toBeHidden();
  } finally {
    await context.close();
  }
});
