// Campaign results (docs/campaigns.md "Results"): the open detail's numbers move without a reload while a paced
// campaign sends and while its receipts come in; a follow-up to the delivered recipients; the CSV; the list's
// status and Delivered on a tablet (cards up to 1024 px); axe on the detail and the follow-up dialog.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiClient, bodyOf } from './api';
import {
  apiSignInOn,
  baseURL,
  browserOn,
  cancelCampaign,
  createFutureCampaign,
  DEMO_PAGES,
  emu,
  present,
  selectPage,
  setBehaviour,
} from './fixtures';
import { seriousAxeViolations, themedContext, uxRoute as route, openRoute } from './ux-routes';

test.afterEach(async ({ request }) => {
  await setBehaviour(request, { latencyMs: 0, sendPerSecond: 300 });
});

const meter = (page: Page, name: string) =>
  page.getByTestId('funnel').getByRole('meter', { name, exact: true });
const valueOf = async (page: Page, name: string) =>
  Number((await meter(page, name).getAttribute('aria-valuenow')) ?? '-1');

test('the open detail follows a paced send and its receipts without a reload; follow-up and CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const s = await browserOn(page, DEMO_PAGES.bikeShop);
  const api = apiClient(request, { baseUrl: baseURL, headers: s.headers });

  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Campaign Analytics' })
    .click();
  await expect(page.getByRole('heading', { name: 'Campaign Analytics' })).toBeVisible();
  let loads = 0;
  page.on('load', () => loads++);

  // The page's contacts are in once its first sync has run (signing in starts it).
  await expect
    .poll(
      async () => {
        const res = await api.campaigns.audiencePreview({
          params: { pageId: s.pageId },
          query: {},
        });
        return res.status === 200 ? res.body.insideWindow : 0;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(10);

  // Meta's rate limit at 3 sends a second: the product backs off on its 613s, so the send takes a while.
  await setBehaviour(request, { sendPerSecond: 3 });
  const name = `Results live ${Date.now() % 100000}`;
  let campaignId = '';
  await expect
    .poll(
      async () => {
        const res = await api.campaigns.createCampaign({
          body: {
            name,
            description: 'Paced send followed live',
            pageId: s.pageId,
            tagId: null,
            time: new Date().toISOString(),
            sendNow: true,
            reachableOnly: true,
            type: 'ACCOUNT_UPDATE',
            msg: 'Sunrise flow moves to 7:00 this Saturday. See you on the mat!',
          },
        });
        if (res.status === 201) campaignId = res.body.id;
        return res.status;
      },
      { timeout: 90_000 },
    )
    .toBe(201);

  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByRole('button', { name: `Open campaign ${name}` }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet).toBeVisible();
  const audience = await (async () => {
    await expect.poll(() => valueOf(page, 'Audience'), { timeout: 30_000 }).toBeGreaterThan(10);
    return valueOf(page, 'Audience');
  })();

  // Sent moves on screen, step by step, while the campaign sends.
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        seen.add(await valueOf(page, 'Sent'));
        return [...seen].filter((v) => v > 0 && v < audience).length;
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBeGreaterThanOrEqual(2);
  // Then everything is sent, and the receipts that come after the last send show up too.
  await expect.poll(() => valueOf(page, 'Sent'), { timeout: 120_000 }).toBe(audience);
  await expect(sheet.getByText(/^Completed/).first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => valueOf(page, 'Delivered'), { timeout: 30_000 }).toBe(audience);
  expect(loads, 'no reload').toBe(0);
  const detail = bodyOf(await api.campaigns.getCampaign({ params: { campaignId } }), 200);
  expect(detail.campaign.dispatchedCount).toBe(audience);
  await expect(sheet.getByText(/Meta's read receipt came back/)).toBeVisible();

  // Two of them open the conversation long after the last send: Read moves on screen too.
  const sent = bodyOf(
    await api.campaigns.listCampaignRecipients({
      params: { campaignId },
      query: { page: 1, limit: 2, outcome: 'sent' },
    }),
    200,
  ).data;
  for (const r of sent)
    await emu(request, `/_emulator/pages/${s.pageId}/contacts/${r.psid}/read`, { method: 'POST' });
  await expect.poll(() => valueOf(page, 'Read'), { timeout: 30_000 }).toBe(2);
  expect(loads, 'no reload').toBe(0);

  // The CSV: a BOM, readable headers, a Read column.
  const downloading = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile(present(await (await downloading).path(), 'download'), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.slice(1).split('\r\n')[0]).toContain(
    'Name,Messenger ID (PSID),Outcome,Sent as,Sent at (UTC),Delivered at (UTC),Read at (UTC)',
  );
  expect(csv.slice(1).trimEnd().split('\r\n')).toHaveLength(audience + 1);

  // Follow-up to those delivered: they get a new tag, and Schedule opens with it as the audience.
  await sheet.getByLabel('Filter by outcome').selectOption({ label: 'Delivered' });
  await sheet.getByRole('button', { name: 'Follow-up campaign to them' }).click();
  const dialog = page.getByRole('dialog', { name: 'Follow-up campaign to them' });
  await expect(dialog).toContainText('opens Schedule Campaign with this tag as the audience');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const blocking = await seriousAxeViolations(page);
    expect(blocking, `follow-up (${colorScheme}): ${JSON.stringify(blocking, null, 2)}`).toEqual(
      [],
    );
  }
  const tagName = `Sunrise ${Date.now() % 10000}`;
  await dialog.getByLabel('Name of the new tag').fill(tagName);
  await dialog.getByRole('button', { name: 'Tag them and open Schedule' }).click();
  await expect(page).toHaveURL(/\/dashboard\/schedule\?tag=[0-9a-f-]{36}$/);
  const tags = bodyOf(await api.tags.listTags({ params: { pageId: s.pageId } }), 200);
  const tag = present(
    tags.find((t) => t.tag.name === tagName),
    tagName,
  );
  expect(tag.count).toBe(audience);
  expect(page.url()).toContain(tag.tag.id);
});

test('Campaign Analytics shows status and Delivered at 768 and 1024 px (cards); axe on the detail', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await apiSignInOn(request, DEMO_PAGES.bikeShop);
  const name = `Tablet cards ${Date.now() % 100000}`;
  const id = await createFutureCampaign(request, s, s.pageId, name);
  try {
    for (const width of [768, 1024]) {
      const context = await themedContext(browser, { theme: 'light', width, signedIn: true });
      try {
        const page = await context.newPage();
        await page.goto('/select');
        await selectPage(page, DEMO_PAGES.bikeShop);
        await openRoute(page, route('analytics'), 'light');
        const card = page.getByRole('button', { name: new RegExp(`Open campaign ${name}`) });
        await expect(card).toBeVisible();
        await expect(card).toContainText('Pending');
        await expect(card).toContainText('Delivered');
        for (const text of [card.getByText('Pending'), card.getByText('Delivered')]) {
          const b = present(await text.boundingBox(), 'bounding box');
          expect(b.x + b.width, `${width}px`).toBeLessThanOrEqual(width);
        }
        await expect(page.getByRole('table')).toHaveCount(0);
        if (width === 1024) {
          await card.click();
          const sheet = page.getByRole('dialog', { name });
          await expect(sheet.getByTestId('funnel')).toBeVisible();
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme });
            const blocking = await seriousAxeViolations(page);
            expect(
              blocking,
              `detail (${colorScheme}): ${JSON.stringify(blocking, null, 2)}`,
            ).toEqual([]);
          }
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await cancelCampaign(request, s, id);
  }
});
