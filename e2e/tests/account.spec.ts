// The Account screen from the user menu: plan and credits explained, sessions with one signed out from
// here (its token stops working), the connected pages with their role, and 'Delete my data' held back
// until DELETE is typed. The deletion itself runs in deletion.spec.ts (another admin's data).
import { expect, request as playwrightRequest, test } from '@playwright/test';
import {
  apiSignIn,
  baseURL,
  cancelCampaign,
  confirmCampaign,
  DEMO_PAGES,
  emulatorURL,
  SECOND_ADMIN,
  selectPage,
  sessionOf,
  signIn,
} from './fixtures';
import { apiClient, bodyOf } from './api';

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

test('the time zone chosen on Account: campaign times shown in it, a Tokyo time scheduled in UTC', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Second Admin: the zone is the admin's, and the other suites' screens expect Demo Admin's in UTC.
  await signIn(page, { userName: SECOND_ADMIN });
  await selectPage(page, DEMO_PAGES.books);
  const s = await sessionOf(page);
  const api = apiClient(request, { headers: s.headers });
  let campaignId: string | null = null;
  try {
    await page.goto('/dashboard/account');
    const zone = page.getByLabel('Show times in');
    await expect(zone).toHaveValue('');
    await expect(zone.locator('option').first()).toHaveText('This browser’s time zone (UTC)');
    await zone.selectOption('Asia/Tokyo');
    await expect(page.getByText('Times are now shown in Asia/Tokyo')).toBeVisible();
    await expect(page.getByLabel('Show times in')).toHaveValue('Asia/Tokyo');
    expect(bodyOf(await api.account.getSettings(), 200)).toEqual({ timeZone: 'Asia/Tokyo' });

    // The Schedule form reads the picked time in Tokyo: next month's same day, 10:00:00 there.
    await page.goto('/dashboard/schedule');
    const submit = page.getByRole('button', { name: 'Schedule Campaign' });
    await expect(submit).toBeEnabled({ timeout: 60_000 });
    const field = page.getByRole('button', { name: 'Date and Time (Asia/Tokyo)' });
    await field.click();
    const dialog = page.getByRole('dialog', { name: 'Date and Time (Asia/Tokyo)' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    for (const [unit, keys] of [
      ['Hours', ['Home', 'PageUp']],
      ['Minutes', ['Home']],
      ['Seconds', ['Home']],
    ] as const) {
      const spin = dialog.getByRole('spinbutton', { name: unit });
      await spin.focus();
      for (const key of keys) await page.keyboard.press(key);
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(field).toContainText(/\d{4}-\d\d-\d\d 10:00 Asia\/Tokyo/);
    const day = ((await field.textContent()) ?? '').slice(0, 10);
    const utc = new Date(`${day}T01:00:00Z`);
    await expect(page.getByTestId('local-time')).toContainText('In UTC:');

    const name = `Tokyo ${Date.now() % 100000}`;
    await page.getByLabel('Campaign Name').fill(name);
    await page.getByLabel('Campaign Description').fill('Scheduled in Tokyo time');
    await page.getByLabel('Message', { exact: true }).fill('Our reading club meets next month.');
    await page.getByLabel('Purpose').selectOption({ label: 'Account update' });
    await submit.click();
    const review = page.getByRole('dialog', { name: 'Review your campaign' });
    const weekday = utc.toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'Asia/Tokyo' });
    const dm = utc.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Asia/Tokyo',
    });
    await expect(review).toContainText(`It goes out on ${weekday} ${dm}, 10:00 (Asia/Tokyo).`);
    await page.keyboard.press('Escape');
    campaignId = await confirmCampaign(page, submit, name);
    // Stored and sent in UTC.
    const created = bodyOf(await api.campaigns.getCampaign({ params: { campaignId } }), 200);
    expect(new Date(created.campaign.scheduledTime).toISOString()).toBe(utc.toISOString());

    // The list shows it in Tokyo; back to the browser's zone (UTC), it shows 01:00 UTC.
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`${day} 10:00 Asia/Tokyo`);
    await page.goto('/dashboard/account');
    await page.getByLabel('Show times in').selectOption('');
    await expect(page.getByText('Times follow this browser’s zone')).toBeVisible();
    await page.goto('/dashboard/analytics');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
      `${utc.toISOString().slice(0, 10)} 01:00 UTC`,
    );
  } finally {
    await cancelCampaign(request, s, campaignId);
    await api.account.updateSettings({ body: { timeZone: null } });
  }
});
