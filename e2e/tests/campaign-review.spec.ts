// The review before Confirm (docs/campaigns.md "Review", spec §10.11): nothing reaches the platform before
// Confirm, 'Send a test to me' reaches only the admin's own conversation (once they wrote to the page),
// `{first_name}` arrives as each contact's own name, the review passes axe in both themes, and a refused
// submit puts the focus on the first field in error.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { bodyOf } from './api';
import {
  DEMO_ADMIN,
  DEMO_PAGES,
  emu,
  emulatorUser,
  outboxOf,
  present,
  selectPage,
  signIn,
} from './fixtures';
import { seriousAxeViolations } from './ux-routes';
import { openSchedule, recipients, twoContactsInWindow } from './window-audience';

const outbox = async (request: APIRequestContext, pageId: string, marker: string) =>
  (await outboxOf(request, pageId)).filter((e) => e.text.includes(marker));

test('nothing is sent before Confirm; the test reaches only the admin; each contact reads their own name', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { api, pageId, members, tagName } = await twoContactsInWindow(page, request, {
    pageName: DEMO_PAGES.bikeShop,
    tagPrefix: 'Review',
    says: 'Any news this week?',
  });

  const submit = await openSchedule(page);
  const marker = `cinnamon ${Date.now() % 100000}`;
  const name = `Review ${marker}`;
  await page.getByLabel('Campaign Name').fill(name);
  await page.getByLabel('Campaign Description').fill('A personal note');
  await page.getByLabel('Audience').selectOption({ label: tagName });
  await expect(page.getByTestId('audience-preview')).toContainText('2 recipients');
  await page
    .getByLabel('Message', { exact: true })
    .fill(`Hi {first_name|there}! Fresh ${marker} buns are out.`);
  await page.getByLabel('Purpose').selectOption({ label: 'Account update' });
  await submit.click();

  // The review: focus inside, the form's own words and numbers, a real contact's name in the preview.
  const review = page.getByRole('dialog', { name: 'Review your campaign' });
  await expect(review.getByRole('heading', { name: 'Review your campaign' })).toBeFocused();
  const paths = (await review.getByTestId('review-audience').textContent()) ?? '';
  expect(paths).toContain('2 recipients, all inside the 24-hour window');
  expect((await page.getByTestId('audience-preview').textContent()) ?? '').toContain(paths);
  const firstNames = members.map((m) => present(m.name.split(' ')[0], m.name));
  await expect(review.getByTestId('review-preview')).toContainText(
    new RegExp(`Hi (${firstNames.join('|')})! Fresh ${marker}`),
  );

  // axe on the review in both themes.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/,
    );
    const blocking = await seriousAxeViolations(page);
    expect(blocking, `${theme}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The admin never wrote to the page: no conversation to test in, and the review says how to get one.
  const howTo = 'Send a message to your page from Messenger, then try again';
  await expect(review.getByRole('note')).toHaveText(howTo);
  await review.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(review.getByTestId('review-test-status')).toHaveText(howTo);
  expect(await outbox(request, pageId, marker)).toEqual([]);

  // The admin writes to the page from Messenger; the test then reaches them, and only them.
  const admin = await emulatorUser(request, DEMO_ADMIN);
  const own = await emu<{ psid: string; name: string }>(
    request,
    `/_emulator/pages/${pageId}/users/${admin.id}/messages`,
    { data: { text: 'Hello from the admin' } },
  );
  await expect
    .poll(async () => (await recipients(api, pageId)).some((r) => r.id === own.psid), {
      timeout: 30_000,
    })
    .toBe(true);
  await review.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(review.getByTestId('review-test-status')).toHaveText(
    `Test sent to ${own.name}. Open Messenger to read it.`,
  );
  const adminFirst = present(own.name.split(' ')[0], own.name);
  expect(await outbox(request, pageId, marker)).toEqual([
    expect.objectContaining({
      recipient: own.psid,
      text: `Hi ${adminFirst}! Fresh ${marker} buns are out.`,
    }),
  ]);
  // Still no campaign: only Confirm creates one.
  const list = bodyOf(
    await api.campaigns.listCampaigns({ params: { pageId }, query: { limit: 100 } }),
    200,
  );
  expect(list.data.filter((c) => c.name === name)).toEqual([]);

  // Confirm: the campaign's detail opens, and each contact reads their own first name.
  await review.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\?campaign=/, { timeout: 30_000 });
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect
    .poll(async () => (await outbox(request, pageId, marker)).length, { timeout: 120_000 })
    .toBe(3);
  const sent = await outbox(request, pageId, marker);
  members.forEach((m, i) => {
    expect(sent.filter((e) => e.recipient === m.id).map((e) => e.text)).toEqual([
      `Hi ${firstNames[i]}! Fresh ${marker} buns are out.`,
    ]);
  });
});

test('a refused submit puts the focus on the first field in error', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bikeShop);
  const submit = await openSchedule(page);
  await submit.click();
  await expect(page.getByLabel('Campaign Name')).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByLabel('Campaign Name').fill('Focus check');
  await page.getByLabel('Campaign Description').fill('Errors take the focus');
  await page.getByLabel('Message', { exact: true }).fill('Hi {nickname}, hello');
  await page.getByLabel('Purpose').selectOption({ label: 'Account update' });
  await submit.click();
  await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
  await expect(page.getByText('Unknown placeholder {nickname}')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
