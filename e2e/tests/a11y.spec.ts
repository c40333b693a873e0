// Accessibility: axe-core on every route in both themes — no serious or critical violation —
// plus one keyboard journey proving focus is visible and trapped in a dialog and in the mobile sidebar sheet.
import { expect, test } from '@playwright/test';
import {
  THEMES,
  UX_ROUTES,
  openRoute,
  seriousAxeViolations,
  themedContext,
  uxRoute,
} from './ux-routes';

test.describe('axe: zero serious or critical violations', () => {
  for (const theme of THEMES) {
    for (const route of UX_ROUTES) {
      test(`${route.path} (${theme})`, async ({ browser }) => {
        test.setTimeout(120_000);
        const context = await themedContext(browser, {
          theme,
          width: 1366,
          signedIn: route.signedIn,
        });
        const page = await context.newPage();
        try {
          await openRoute(page, route, theme);
          const blocking = await seriousAxeViolations(page);
          expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

test.describe('axe: the Account screen with its time zone select loaded', () => {
  for (const theme of THEMES) {
    test(`account time zone (${theme})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await themedContext(browser, { theme, width: 1366, signedIn: true });
      const page = await context.newPage();
      try {
        await openRoute(page, uxRoute('account'), theme);
        const zone = page.getByLabel('Show times in');
        await expect(zone).toBeVisible();
        await expect(zone).toHaveAccessibleDescription(/Every time Pagecast shows is in this zone/);
        await zone.focus();
        const blocking = await seriousAxeViolations(page);
        expect(blocking, JSON.stringify(blocking, null, 2)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

test('keyboard: focus is visible and stays inside the shortcuts dialog and the mobile sidebar sheet', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  try {
    await openRoute(page, uxRoute('chats'), 'light');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    // Tab around more times than there are controls: the focus never leaves the dialog, and it is drawn.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      const outline = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const s = getComputedStyle(el);
        return s.outlineStyle !== 'none' || s.boxShadow !== 'none';
      });
      expect(outline).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Under 768px the sidebar is a sheet: it traps the focus and Escape gives it back to the toggle.
    await page.setViewportSize({ width: 375, height: 812 });
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Dashboard navigation' });
    await expect(sheet).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(toggle).toBeFocused();
  } finally {
    await context.close();
  }
});
