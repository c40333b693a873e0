// Campaigns (docs/campaigns.md): schedule a campaign to a tag a few minutes ahead with the time counters, then watch it
// go pending -> processing -> completed on Campaign Analytics, its counters matching the emulator's outbox.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  baseURL,
  confirmCampaign,
  DEMO_PAGES,
  outboxOf,
  selectPage,
  setBehaviour,
  signIn,
  signInOn,
} from './fixtures';
import { seriousAxeViolations } from './ux-routes';
import { apiClient, createTag, tagContacts } from './api';

test.afterEach(async ({ request }) => {
  await setBehaviour(request, { latencyMs: 0 });
});

async function recipientsOf(
  request: APIRequestContext,
  pageId: string,
  headers: Record<string, string>,
) {
  const res = await apiClient(request, { baseUrl: baseURL, headers }).inbox.getRecipients({
    params: { pageId },
  });
  return res.status === 200 ? res.body.recipients : [];
}

test('schedule to a tag minutes ahead; analytics shows pending, processing, completed with outbox counts', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const session = await signInOn(page, request, DEMO_PAGES.bikeShop);
  const { pageId } = session;

  // The dashboard's sync imports the contacts; then a tag on three of them, through the API.
  await expect
    .poll(async () => (await recipientsOf(request, pageId, session.headers)).length, {
      timeout: 90_000,
    })
    .toBeGreaterThanOrEqual(3);
  const members = (await recipientsOf(request, pageId, session.headers)).slice(0, 3);
  const tagName = `Riders ${Date.now() % 100000}`;
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });
  const tagId = await createTag(api, { name: tagName, description: 'Campaign audience', pageId });
  await tagContacts(api, { pageId, tagId, psids: members.map((m) => m.id) });

  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Schedule' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/schedule$/);
  const submit = page.getByRole('button', { name: 'Schedule Campaign' });
  await expect(submit).toBeEnabled({ timeout: 60_000 }); // disabled while the page syncs
  // Two minutes up from the current one is 60-120 s ahead: time enough to see 'Pending' on a slow machine
  // (one minute up can be due within seconds). The counters cannot pass 59 minutes: at hh:58 or hh:59,
  // start over once the next hour begins.
  const picker = page.getByRole('button', { name: 'Date and Time (UTC)' });
  while (/:5[89] UTC/.test((await picker.textContent()) ?? '')) {
    await page.waitForTimeout(15_000);
    await page.reload();
  }

  const name = `Spring ride ${Date.now() % 100000}`;
  await page.getByLabel('Campaign Name').fill(name);
  await page.getByLabel('Campaign Description').fill('Tune-up reminder for our riders');
  await expect(page.getByText('31/200')).toBeVisible();
  await page.getByLabel('Audience', { exact: true }).selectOption({ label: tagName });
  // '3 recipients, all inside…', or '2 of 3 contacts can be reached now…' (the others are left out).
  await expect(page.getByTestId('audience-preview')).toContainText(/\D3 (recipients|contacts)\b/);
  // All three stay in the audience (those outside the window are then skipped with their reason).
  const reachableOnly = page.getByRole('checkbox', { name: 'Only contacts I can reach' });
  if (await reachableOnly.isVisible()) await reachableOnly.uncheck();
  await picker.click();
  const before = (await picker.textContent()) ?? '';
  await page.getByRole('button', { name: 'Increase minutes' }).click();
  await page.getByRole('button', { name: 'Increase minutes' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  const scheduled = (await picker.textContent()) ?? '';
  expect(scheduled).not.toBe(before);
  await page
    .getByLabel('Message', { exact: true })
    .fill('Spring tune-ups are 20% off this week. See you at the shop!');
  await page.getByLabel('Purpose').selectOption({ label: 'Account update' });
  // Nothing is sent before Confirm; then the app opens the campaign's detail.
  await confirmCampaign(page, submit, name);
  await expect(page.getByText('Campaign created successfully!')).toBeVisible();

  // Slow sends (5 s each) keep it visibly processing for a moment (the list refreshes every 2 s).
  await setBehaviour(request, { latencyMs: 5000 });
  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Campaign Analytics' })
    .click();
  await expect(page.getByRole('heading', { name: 'Campaign Analytics' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell').nth(5)).toHaveText('Account update');
  await expect(row.getByText('Processing', { exact: true })).toBeVisible({ timeout: 180_000 });
  // Progress comes over the live stream: meanwhile the list is not polled every 2 s.
  const listReads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/api\/v1\/campaigns\/page\/\d+(\?|$)/.test(r.url()))
      listReads.push(r.url());
  });
  await page.waitForTimeout(5000);
  expect(listReads.length).toBeLessThan(2);
  // 'Completed', or 'Completed · N failed' when some recipients could not be reached.
  await expect(row.getByText(/^Completed/)).toBeVisible({ timeout: 60_000 });

  // The counters match what the platform received.
  const received = (await outboxOf(request, pageId)).filter((e) =>
    e.text.startsWith('Spring tune-ups are 20% off'),
  );
  expect(received.length).toBeLessThanOrEqual(3);
  await expect(row.getByRole('cell').nth(6)).toHaveText(String(received.length));
  expect(new Set(received.map((e) => e.recipient)).size).toBe(received.length);
  for (const e of received) expect(members.map((m) => m.id)).toContain(e.recipient);

  // The detail: funnel and each recipient's outcome.
  await row.getByRole('button', { name: `Open campaign ${name}` }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet.getByRole('meter', { name: 'Audience' })).toHaveAttribute(
    'aria-valuenow',
    '3',
  );
  await expect(sheet.getByRole('meter', { name: 'Sent', exact: true })).toHaveAttribute(
    'aria-valuenow',
    String(received.length),
  );
  await expect(sheet.getByRole('table', { name: 'Recipients' }).getByRole('row')).toHaveCount(4);
  // At 1366 px every column fits, the Error column too: nothing to scroll sideways.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect
    .poll(() =>
      sheet
        .locator('[data-slot="table-container"]')
        .evaluate((c) => c.scrollWidth <= c.clientWidth),
    )
    .toBe(true);
});

test('axe with real campaign data: Home, Campaign Analytics and its detail, light and dark', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bikeShop); // the campaign of the test above
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/dashboard/home');
    // The last campaign's funnel (a description list of its counts) is there.
    await expect(page.getByText('Dispatched').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('main [role="status"]:visible')).toHaveCount(0, { timeout: 30_000 });
    let blocking = await seriousAxeViolations(page);
    expect(blocking, `home (${colorScheme}): ${JSON.stringify(blocking, null, 2)}`).toEqual([]);

    await page.goto('/dashboard/analytics');
    const row = page.getByRole('row', { name: /Spring ride/ }).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    blocking = await seriousAxeViolations(page);
    expect(blocking, `analytics (${colorScheme}): ${JSON.stringify(blocking, null, 2)}`).toEqual(
      [],
    );

    await row.getByRole('button', { name: /^Open campaign / }).click();
    await expect(page.getByRole('table', { name: 'Recipients' })).toBeVisible();
    blocking = await seriousAxeViolations(page);
    expect(blocking, `detail (${colorScheme}): ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
  }
});
