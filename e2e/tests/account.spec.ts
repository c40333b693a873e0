// The Account screen from the user menu: plan and credits explained, sessions with one signed out from
// here (its token stops working), the connected pages with their role, and 'Delete my data' held back
// until DELETE is typed. The deletion itself runs in deletion.spec.ts (another admin's data).
import { expect, request as playwrightRequest, test } from '@playwright/test';
import {
  apiSignIn,
  baseURL,
  DEMO_PAGES,
  emulatorURL,
  SECOND_ADMIN,
  selectPage,
  signIn,
} from './fixtures';
import { apiClient } from './api';

test('account: plan, sessions (sign one out), pages, and the typed confirmation before deleting', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bakery);
  // Another browser of the same admin (a phone, by its User-Agent). Only that session is signed out
  // below: the other suites' signed-in browsers share this admin.
  const phone = await playwrightRequest.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
  });
  const other = await apiSignIn(phone, baseURL, emulatorURL);

  await page.locator('[data-slot="nav-user"] > button').click();
  await page
    .getByRole('menu', { name: 'User menu' })
    .getByRole('menuitem', { name: 'Account' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Account · Crumb & Co\. Bakery — Pagecast$/);

  await expect(page.getByText(/Available credits: \d+/)).toBeVisible();
  await expect(
    page.getByText(/No active plan\. Every feature works without one today|Pro, paid until/),
  ).toBeVisible();

  const pages = page.getByRole('list', { name: 'Connected pages' });
  await expect(pages).toContainText(DEMO_PAGES.bakery);
  await expect(pages).toContainText('Messages, tags and campaigns');

  // Sign the phone out from here: its token stops working, this browser stays signed in.
  const sessions = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(sessions.getByText('This browser')).toBeVisible();
  const phones = sessions.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
  await expect(phones.first()).toBeVisible();
  const otherStatus = async () =>
    (await apiClient(request, { headers: other.headers }).sessions.list()).status;
  expect(await otherStatus()).toBe(200);
  for (let left = await phones.count(); left > 0; left--) {
    await phones
      .first()
      .getByRole('button', { name: /Sign out/ })
      .click();
    await expect(phones).toHaveCount(left - 1);
  }
  expect(await otherStatus()).toBe(401);
  await expect(sessions.getByText('This browser')).toBeVisible();
  await phone.dispose();

  // Deleting everything waits for the typed word.
  const del = page.getByRole('button', { name: 'Log in with Facebook and delete my data' });
  await expect(del).toBeDisabled();
  const confirm = page.getByLabel('Type DELETE to confirm');
  await confirm.fill('delete');
  await expect(del).toBeDisabled();
  await confirm.fill('DELETE');
  await expect(del).toBeEnabled();
  // The login it starts can still be abandoned: close the popup, nothing is deleted.
  const popupPromise = page.waitForEvent('popup');
  await del.click();
  const popup = await popupPromise;
  await popup.close();
  await expect(del).toBeEnabled({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/dashboard\/account$/);
});

test("'Sign out all other sessions' ends the admin's other browsers and keeps this one", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Second Admin: the other suites keep Demo Admin's browsers signed in.
  await signIn(page, { userName: SECOND_ADMIN });
  await selectPage(page, DEMO_PAGES.books);
  const others = [
    await apiSignIn(request, baseURL, emulatorURL, { userName: SECOND_ADMIN }),
    await apiSignIn(request, baseURL, emulatorURL, { userName: SECOND_ADMIN }),
  ];
  const statusOf = async (headers: Record<string, string>) =>
    (await apiClient(request, { headers }).sessions.list()).status;
  for (const o of others) expect(await statusOf(o.headers)).toBe(200);

  await page.goto('/dashboard/account');
  const sessions = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('button', { name: /^Sign out/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByText(/Signed out of \d+ other sessions?/)).toBeVisible();
  await expect(sessions.getByText('No other sessions.')).toBeVisible();
  await expect(sessions.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  await expect(sessions.getByText('This browser')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(0);
  for (const o of others) expect(await statusOf(o.headers)).toBe(401);
  // This browser still works.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});
