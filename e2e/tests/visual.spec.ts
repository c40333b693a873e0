// Visual review (issue 12): every route in both themes at 375, 768 and 1366px, full-page screenshots into
// the test output dir (kept as CI artifacts, not committed). It asserts only that each screen rendered;
// people look at the pictures.
import { expect, test } from '@playwright/test';
import { THEMES, UX_ROUTES, WIDTHS, openRoute, themedContext } from './ux-routes';

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`screenshots: ${theme} at ${width}px`, async ({ browser }, testInfo) => {
      test.setTimeout(300_000);
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
          }
          const path = testInfo.outputPath(`${route.name}-${theme}-${width}.png`);
          await page.screenshot({ path, fullPage: true, animations: 'disabled' });
          await testInfo.attach(`${route.name}-${theme}-${width}`, {
            path,
            contentType: 'image/png',
          });
        } finally {
          await context.close();
        }
      }
    });
  }
}
