// Page sync (spec §4 "Sync"): a page that was never synced starts its sync on dashboard load, shows the
// 'Syncing page data...' toast and the header progress, and the job ends (completed) without a reload.
import { expect, test } from '@playwright/test';
import { DEMO_PAGES, selectPage, setBehaviour, signIn } from './fixtures';

test.afterEach(async ({ request }) => {
  await setBehaviour(request, { conversationsPerSecond: 2 });
});

test('a fresh page syncs on dashboard load: toast, progress, then completed', async ({
  page,
  request,
}) => {
  // The platform allows 1 Conversations call/s here (the product paces for 2): the sync slows down on the
  // rate-limit answers, which keeps it observable for a moment, and still completes.
  await setBehaviour(request, { conversationsPerSecond: 1 });
  const syncStarts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/pages\/sync\//.test(r.url())) syncStarts.push(r.url());
  });
  await signIn(page);
  await selectPage(page, DEMO_PAGES.yoga);

  await expect(page.getByText('Syncing page data...')).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Syncing contacts' });
  await expect(progress).toBeVisible();
  const jobs = await page.evaluate(
    () => Object.entries(localStorage).find(([k]) => /jobs/i.test(k))?.[1] ?? null,
  );
  expect(jobs).toMatch(/[0-9a-f-]{36}/);

  // Polling (every 5 s) sees the job complete: the progress goes away and the job id is cleared.
  await expect(progress).toBeHidden({ timeout: 30_000 });
  await expect
    .poll(() =>
      page.evaluate(() => Object.entries(localStorage).find(([k]) => /jobs/i.test(k))?.[1] ?? null),
    )
    .toBeNull();
  expect(syncStarts).toHaveLength(1);

  // The page is now fully synced: coming back does not start another sync.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' }).first()).toBeVisible();
  await page.waitForTimeout(1000);
  expect(syncStarts).toHaveLength(1);
  await expect(page.getByText('Syncing page data...')).toHaveCount(0);
});
