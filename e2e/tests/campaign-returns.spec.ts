// Purpose, Audience and deliver on return, safely (docs/campaigns.md): the audience picker drives the reach
// numbers (tags combined any of / all of / excluded), and a deliver-on-return campaign stopped from its detail
// sends nothing to a contact who then writes, even once a person has answered them. axe on the new controls.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, contactWrites, DEMO_PAGES, outboxOf, signInOn, syncedContacts } from './fixtures';
import { apiClient, bodyOf, createTag, tagContacts } from './api';
import { seriousAxeViolations } from './ux-routes';

const DAY_MS = 86_400_000;

/** Signed in (browser and API) on the bike shop's page (yoga stays unvisited for sync.spec, bakery campaign-free for responsive.spec). */
async function onBikeShop(page: Page, request: APIRequestContext) {
  const session = await signInOn(page, request, DEMO_PAGES.bikeShop);
  return { session, pageId: session.pageId };
}

async function openSchedule(page: Page) {
  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Schedule' })
    .click();
  await expect(page.getByRole('button', { name: 'Schedule Campaign' })).toBeEnabled({
    timeout: 90_000,
  });
}

test('the audience picker drives the reach numbers: any of, all of, excluded', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { session, pageId } = await onBikeShop(page, request);
  const [x, y] = (await syncedContacts(request, session, pageId, {
    count: 2,
    inboundAgoMs: 3_600_000,
  })) as [string, string];
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });
  const n = Date.now() % 100000;
  const a = `Mats ${n}`;
  const b = `Early ${n}`;
  const tagA = await createTag(api, { name: a, description: 'Audience picker', pageId });
  const tagB = await createTag(api, { name: b, description: 'Audience picker', pageId });
  await tagContacts(api, { pageId, tagId: tagA, psids: [x, y] });
  await tagContacts(api, { pageId, tagId: tagB, psids: [y] });

  await openSchedule(page);
  const preview = page.getByTestId('audience-preview');
  const audience = page.getByLabel('Audience', { exact: true });
  await audience.selectOption({ label: a });
  await expect(preview).toContainText('2 recipients, all inside the 24-hour window');
  await audience.selectOption({ label: 'Several tags…' });
  const include = page.getByRole('group', { name: 'Contacts tagged' });
  await include.getByLabel(a, { exact: true }).check();
  await include.getByLabel(b, { exact: true }).check();
  await expect(preview).toContainText('2 recipients, all inside the 24-hour window');
  await include.getByRole('radio', { name: 'All of these' }).check();
  await expect(preview).toContainText('1 recipient, all inside the 24-hour window');
  // Any of A, leaving out B: x only; the same count the API gives for that audience.
  await include.getByRole('radio', { name: 'Any of these' }).check();
  await include.getByLabel(b, { exact: true }).uncheck();
  await page.locator('summary', { hasText: 'Narrow down' }).click();
  await page
    .getByRole('group', { name: 'Leave out contacts tagged' })
    .getByLabel(b, { exact: true })
    .check();
  await expect(preview).toContainText('1 recipient, all inside the 24-hour window');
  const counted = bodyOf(
    await api.campaigns.audiencePreview({
      params: { pageId },
      query: { audience: JSON.stringify({ tagIds: [tagA], excludeTagIds: [tagB] }) },
    }),
    200,
  );
  expect(counted.total).toBe(1);
  // A bad N is said beside the field.
  const days = page.getByRole('spinbutton', { name: 'Days since they last wrote' });
  await days.fill('0');
  await expect(
    page.getByText('"Wrote in the last" takes a whole number of days from 1 to 365'),
  ).toBeVisible();
  await days.fill('7');
  await expect(
    page.getByRole('checkbox', { name: 'Only contacts who wrote in the last' }),
  ).toBeChecked();
  await expect(preview).toContainText('1 recipient');

  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const blocking = await seriousAxeViolations(page);
    expect(blocking, `${theme}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
  }
});

test('a stopped deliver-on-return campaign sends nothing to a contact who then writes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { session, pageId } = await onBikeShop(page, request);
  const [psid] = (await syncedContacts(request, session, pageId, {
    count: 1,
    inboundAgoMs: 3 * DAY_MS,
  })) as [string];
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });
  const n = Date.now() % 100000;
  const tagId = await createTag(api, { name: `Lapsed ${n}`, description: 'Returns', pageId });
  await tagContacts(api, { pageId, tagId, psids: [psid] });
  const name = `Sunday flow ${n}`;
  const text = `Sunday flow is back ${n}`;
  const created = bodyOf(
    await api.campaigns.createCampaign({
      body: {
        name,
        description: 'Deliver on return, then stopped',
        pageId,
        tagId,
        time: new Date().toISOString(),
        sendNow: true,
        msg: text,
        deliverOnReturnDays: 3,
      },
    }),
    201,
  );
  await expect
    .poll(
      async () =>
        bodyOf(await api.campaigns.getCampaign({ params: { campaignId: created.id } }), 200)
          .campaign.status,
      { timeout: 120_000 },
    )
    .toBe('completed');

  // The detail offers the stop while the campaign waits for returns; it asks once more.
  await page
    .getByRole('group', { name: 'Features' })
    .getByRole('link', { name: 'Campaign Analytics' })
    .click();
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Open campaign ${name}` })
    .click();
  const sheet = page.getByRole('dialog', { name });
  await sheet.getByRole('button', { name: 'Stop waiting for returns' }).click();
  await expect(sheet.getByRole('button', { name: 'Stop waiting', exact: true })).toBeFocused();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const blocking = await seriousAxeViolations(page);
    expect(blocking, `${theme}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
  }
  await sheet.getByRole('button', { name: 'Stop waiting', exact: true }).click();
  await expect(page.getByText('This campaign no longer waits for returns.')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Stop waiting for returns' })).toHaveCount(0);

  // She writes, and a person answers her: the campaign is not sent.
  await contactWrites(request, pageId, psid, 'Is there a class on Sunday?');
  await expect
    .poll(
      async () => (await api.inbox.getConversation({ params: { pageId, userId: psid } })).status,
    )
    .toBe(200);
  await expect
    .poll(
      async () =>
        (
          await api.inbox.sendMessage({
            params: { pageId, userId: psid },
            body: { message: 'Yes, at 10!' },
          })
        ).status,
      { timeout: 30_000 },
    )
    .toBe(201);
  const outbox = async () => (await outboxOf(request, pageId)).filter((e) => e.recipient === psid);
  await expect.poll(async () => (await outbox()).map((e) => e.text)).toContain('Yes, at 10!');
  await page.waitForTimeout(4000);
  expect((await outbox()).map((e) => e.text)).not.toContain(text);
  const after = bodyOf(
    await api.campaigns.getCampaign({ params: { campaignId: created.id } }),
    200,
  );
  expect(after.campaign).toMatchObject({ dispatchedCount: 0 });
  expect(after.funnel).toMatchObject({ waiting: 0, returned: 0 });
});
