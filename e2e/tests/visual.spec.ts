// Visual review: every route in both themes at 375, 768 and 1366px, full-page screenshots into
// the test output dir (kept as CI artifacts, not committed), plus the states a route only shows after a
// click (Tags Details, the tag selector, the shortcuts help, bulk tagging, the date-time picker, the mobile
// sidebar). It asserts only that each screen rendered; people look at the pictures.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { contactWrites, sessionOf } from './fixtures';
import { THEMES, UX_ROUTES, WIDTHS, openRoute, themedContext, type UxRoute } from './ux-routes';
import { apiClient, bodyOf } from './api';

/** Overlays are shot as the viewport shows them; whole screens as the full page. */
async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Content worth looking at: two tags (one with a long name) and a long message from a contact, once. */
let seeded = false;
async function seedInbox(page: Page) {
  if (seeded) return;
  seeded = true;
  const { headers, pageId } = await sessionOf(page);
  const api = apiClient(page.request, { headers });
  for (const name of ['VIP', 'Wedding cakes 2026']) {
    // 409 when an earlier run made it: fine either way.
    await api.tags.createTag({
      body: { name, description: 'Made for the visual review', pageId },
    });
  }
  const res = await api.inbox.getRecipients({ params: { pageId } });
  const { recipients } = bodyOf(res, 200);
  const contact = recipients[2];
  if (!contact) return;
  await contactWrites(
    page.request,
    pageId,
    contact.id,
    'Hi! I would like to order a three-tier wedding cake for about 120 guests on the 14th of next month: ' +
      'lemon sponge with elderflower buttercream, fresh berries between the layers and a simple white finish. ' +
      'Could you tell me the price, whether you deliver to the venue (about 25 km out of town) and how far ' +
      'ahead you need the final guest count?',
  );
  await expect(page.getByTestId('conversation-row').first()).toContainText(
    'three-tier wedding cake',
  );
}

/** Screens behind a click: each is opened, shot, and closed again. */
async function shootStates(page: Page, testInfo: TestInfo, route: UxRoute, suffix: string) {
  switch (route.name) {
    case 'home': {
      const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
      if ((page.viewportSize()?.width ?? 1366) < 768) {
        await toggle.click();
        await expect(page.getByRole('dialog', { name: 'Dashboard navigation' })).toBeVisible();
        await shoot(page, testInfo, `home-sheet-${suffix}`, false);
        await page.keyboard.press('Escape');
      } else {
        await toggle.click(); // collapsed to icons (kept in this context's cookie only)
        await expect(page.locator('[data-slot="sidebar"][data-state="collapsed"]')).toBeVisible();
        await shoot(page, testInfo, `home-collapsed-${suffix}`);
        await toggle.click();
      }
      return;
    }
    case 'manage-tags':
      await page.getByRole('button', { name: 'Tags Details' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await expect(page.locator('main [role="status"]:visible')).toHaveCount(0, {
        timeout: 30_000,
      });
      await shoot(page, testInfo, `manage-tags-details-${suffix}`);
      return;
    case 'schedule':
      await page.getByRole('button', { name: 'Date and Time (UTC)' }).click();
      await expect(page.getByRole('dialog', { name: 'Date and Time (UTC)' })).toBeVisible();
      await shoot(page, testInfo, `schedule-picker-${suffix}`, false);
      await page.keyboard.press('Escape');
      return;
    case 'chats': {
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await shoot(page, testInfo, `chats-shortcuts-${suffix}`, false);
      await page.keyboard.press('Escape');

      const chat = page.getByRole('region', { name: 'Conversation' });
      if (!(await chat.isVisible())) await page.getByTestId('conversation-row').first().click();
      await shoot(page, testInfo, `chats-open-${suffix}`);
      const tags = chat.getByRole('button', { name: 'Tags of this chat' });
      await expect(tags).toBeEnabled({ timeout: 30_000 });
      await tags.click();
      await expect(page.getByRole('combobox', { name: 'Filter tags' })).toBeVisible();
      await shoot(page, testInfo, `chats-tags-${suffix}`, false);
      await page.keyboard.press('Escape');

      const back = chat.getByRole('button', { name: 'Back to conversations' });
      if (await back.isVisible()) await back.click();
      await page.getByRole('switch', { name: 'Multi-select' }).click();
      const rows = page.getByTestId('conversation-row');
      await rows.nth(0).click();
      await rows.nth(1).click();
      if (!(await page.getByRole('region', { name: 'Bulk Tag Assignment' }).isVisible())) {
        // Narrow inbox: the list stays; the panel is the other 'page'.
        await shoot(page, testInfo, `chats-multi-${suffix}`);
      } else {
        await shoot(page, testInfo, `chats-bulk-${suffix}`);
      }
      return;
    }
  }
}

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`screenshots: ${theme} at ${width}px`, async ({ browser }, testInfo) => {
      test.setTimeout(420_000);
      for (const route of UX_ROUTES) {
        const context = await themedContext(browser, { theme, width, signedIn: route.signedIn });
        const page = await context.newPage();
        try {
          await openRoute(page, route, theme);
          if (route.name === 'chats') {
            // The inbox is worth a look with conversations in it (they come with the page sync).
            await expect(page.getByTestId('conversation-row').first()).toBeVisible({
              timeout: 90_000,
            });
            await seedInbox(page);
          }
          await shoot(page, testInfo, `${route.name}-${theme}-${width}`);
          await shootStates(page, testInfo, route, `${theme}-${width}`);
        } finally {
          await context.close();
        }
      }
    });
  }
}
