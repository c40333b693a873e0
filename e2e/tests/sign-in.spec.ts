import { expect, test } from '@playwright/test';
import { CSRF_COOKIE, SESSION_COOKIE } from '@pagecast/contract';
import {
  apiSignIn,
  baseURL,
  DEMO_PAGES,
  emulatorURL,
  present,
  selectPage,
  signIn,
} from './fixtures';
import { apiClient } from './api';

test.describe('sign-in, page selection and log out', () => {
  test('login dialog -> /select -> search -> page -> Home; Ctrl+B; log out', async ({ page }) => {
    await signIn(page);

    // The session token is out of every page script's reach: an httpOnly cookie, nothing in storage.
    const session = present(
      (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE),
      'the session cookie',
    );
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      storage: JSON.stringify({ ...localStorage }),
    }));
    expect(readable.cookie).toContain(`${CSRF_COOKIE}=`);
    for (const text of [readable.cookie, readable.storage]) {
      expect(text).not.toContain(session.value);
      expect(text).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./);
    }

    // /select: the demo admin's three pages; the search filters by name, case-insensitive.
    const cards = page.getByRole('list', { name: 'Pages' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await page.getByRole('searchbox', { name: 'Search pages' }).fill('BIKE');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(DEMO_PAGES.bikeShop);
    await expect(cards.first().getByRole('link', { name: /View page/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    await selectPage(page, DEMO_PAGES.bikeShop);
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    // The overview: each card links to its screen. (Other specs may already have tagged contacts or run a
    // campaign on this page, so only what holds either way is asserted here; the Home screen tests cover
    // the 'Get started' steps of a new page.)
    await expect(page.getByText('Contacts', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Open chats/ })).toHaveAttribute(
      'href',
      '/dashboard/chats',
    );
    await expect(
      page.getByRole('link', { name: /Manage tags|Create your first tag/ }).first(),
    ).toHaveAttribute('href', '/dashboard/manage-tags');
    await expect(page.getByRole('heading', { name: 'Upcoming campaigns' })).toBeVisible();

    // The user menu's subscription: no plan yet.
    await page.locator('[data-slot="nav-user"] > button').click();
    await page.getByRole('menuitem', { name: 'Subscription' }).click();
    const subscription = page.getByRole('group', { name: 'Subscription' });
    await expect(subscription).toContainText('No active plan');
    await expect(subscription).toContainText(/Available Credits\s*0/);
    await page.keyboard.press('Escape');

    // Ctrl+B collapses and expands the sidebar.
    const sidebar = page.locator('[data-slot="sidebar"]').first();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');

    // Log out clears storage and returns to '/'.
    await page.locator('[data-slot="nav-user"] > button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('pagecast')),
    );
    expect(stored).toEqual([]);
    // The server cleared the session cookie with the session.
    await expect
      .poll(async () => (await page.context().cookies()).map((c) => c.name))
      .not.toContain(SESSION_COOKIE);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });
});

test('log out in one tab signs the other tab out at its next request', async ({
  context,
  page,
}) => {
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bikeShop);
  const other = await context.newPage();
  await other.goto('/dashboard/home');
  await expect(other.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();

  await page.locator('[data-slot="nav-user"] > button').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The tabs share the session cookie, which log out cleared: the other tab's next call answers 401.
  await other.getByRole('link', { name: /Open chats/ }).click();
  await expect(other).toHaveURL(/\/$/);
});

test("a closed or cancelled login popup says 'Login cancelled', neutrally, and the buttons work again", async ({
  page,
}) => {
  await page.goto('/');
  const login = page.getByRole('button', { name: 'Login with Facebook' }).first();
  const status = page.getByRole('status').filter({ hasText: 'Login cancelled' });

  // The dialog's own Cancel.
  let popupPromise = page.waitForEvent('popup');
  await login.click();
  let popup = await popupPromise;
  await popup.getByRole('link', { name: 'Cancel' }).click();
  await expect(status).toBeVisible();
  await expect(login).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);

  // A new try clears it; closing the popup says it again.
  popupPromise = page.waitForEvent('popup');
  await login.click();
  popup = await popupPromise;
  await expect(status).toHaveCount(0);
  await popup.close();
  await expect(status).toBeVisible({ timeout: 15_000 });
  await expect(login).toBeEnabled();

  // And the login still works afterwards: the demo admin's three pages.
  popupPromise = page.waitForEvent('popup');
  await login.click();
  popup = await popupPromise;
  await popup.getByRole('button', { name: 'Continue as Demo Admin' }).click();
  await expect(page).toHaveURL(/\/select$/, { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Pages' }).getByRole('listitem')).toHaveCount(3);
});

test.describe('screens, light and dark, phone and desktop', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [375, 1366]) {
      test(`/select and Home at ${width}px, ${scheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        await signIn(page);
        await page.screenshot({
          path: `test-results/screens/select-${width}-${scheme}.png`,
          fullPage: true,
        });
        await selectPage(page, DEMO_PAGES.bakery);
        await expect(page.getByRole('heading', { name: 'Last campaign' })).toBeVisible();
        await page.screenshot({
          path: `test-results/screens/home-${width}-${scheme}.png`,
          fullPage: true,
        });
      });
    }
  }
});

test('apiSignIn: a JWT without the browser', async ({ request }) => {
  const session = await apiSignIn(request, baseURL, emulatorURL);
  expect(session.user.name).toBe('Demo Admin');
  expect(session.accounts.map((a) => a.name).sort()).toEqual(
    [DEMO_PAGES.bakery, DEMO_PAGES.bikeShop, DEMO_PAGES.yoga].sort(),
  );
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });
  const pages = await api.pages.listPages();
  expect(pages.status).toBe(200);
  const subscription = await api.pages.getSubscription();
  expect(subscription.body).toMatchObject({ plan: 'free', status: 'none' });
});
