// Reach (docs/campaigns.md "Reach"): Schedule counts each path and offers 'Only contacts I can reach' and
// deliver on return; a contact outside the 24-hour window is skipped, writes to the page two minutes later
// (emulator -> signed webhook -> API) and then gets the campaign message once, in their fresh window.
import { expect, test } from '@playwright/test';
import {
  baseURL,
  confirmCampaign,
  contactWrites,
  DEMO_PAGES,
  outboxOf,
  present,
  signInOn,
  syncedContacts,
} from './fixtures';
import { apiClient, campaignNamed, createTag, tagContacts } from './api';

const DAY_MS = 86_400_000;

test('deliver on return: a skipped contact who writes gets the campaign message once', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const session = await signInOn(page, request, DEMO_PAGES.bikeShop);
  const { pageId } = session;

  // A contact who last wrote three days ago, imported by a page sync.
  const psid = present(
    (await syncedContacts(request, session, pageId, { count: 1, inboundAgoMs: 3 * DAY_MS }))[0],
    'the new contact',
  );
  const tagName = `Returners ${Date.now() % 100000}`;
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });
  const tagId = await createTag(api, { name: tagName, description: 'Deliver on return', pageId });
  await tagContacts(api, { pageId, tagId, psids: [psid] });

  // Schedule: the preview says who is left out; deliver on return keeps them waiting instead.
  const features = page.getByRole('group', { name: 'Features' });
  await features.getByRole('link', { name: 'Schedule' }).click();
  const submit = page.getByRole('button', { name: 'Schedule Campaign' });
  await expect(submit).toBeEnabled({ timeout: 90_000 });
  const name = `Back in stock ${Date.now() % 100000}`;
  await page.getByLabel('Campaign Name').fill(name);
  await page.getByLabel('Campaign Description').fill('For riders who come back');
  await page.getByLabel('Audience', { exact: true }).selectOption({ label: tagName });
  const preview = page.getByTestId('audience-preview');
  await expect(preview).toContainText(
    '0 of 1 contact can be reached now, inside the 24-hour window; 1 outside it are left out.',
  );
  const reachableOnly = page.getByRole('checkbox', { name: 'Only contacts I can reach' });
  await expect(reachableOnly).toBeChecked();
  await page.getByLabel('Deliver on return').selectOption({ label: 'For 3 days' });
  await expect(reachableOnly).not.toBeChecked();
  await expect(preview).toContainText('get it if they write to the page within 3 days');
  // 'Send now' is the default: the time follows the clock.
  await expect(page.getByRole('button', { name: 'Send now' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const text = `The new gravel tyres are in ${Date.now() % 100000}`;
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByLabel('Purpose').selectOption({ label: 'Account update' });
  await confirmCampaign(page, submit, name);
  await expect(page.getByText('Campaign created successfully!')).toBeVisible();

  const campaign = () => campaignNamed(api, pageId, name);
  await expect.poll(async () => (await campaign()).status, { timeout: 120_000 }).toBe('completed');
  expect(await campaign()).toMatchObject({ dispatchedCount: 0, skippedCount: 1 });
  const sentTo = async () => (await outboxOf(request, pageId)).filter((e) => e.text === text);
  expect(await sentTo()).toHaveLength(0);

  // They write to the page: the campaign message follows, once, as a standard message.
  await contactWrites(request, pageId, psid, 'Hi, do you have gravel tyres?');
  // It waits for a person (never the instant reply): someone answers her in the inbox, then it goes.
  await expect
    .poll(
      async () =>
        (
          await api.inbox.sendMessage({
            params: { pageId, userId: psid },
            body: { message: 'Yes, they came in today.' },
          })
        ).status,
      { timeout: 30_000 },
    )
    .toBe(201);
  await expect.poll(async () => (await sentTo()).length, { timeout: 60_000 }).toBe(1);
  const [sent] = await sentTo();
  expect(sent).toMatchObject({ recipient: psid, messaging_type: 'UPDATE', tag: null });
  await expect
    .poll(async () => {
      const c = await campaign();
      return [c.status, c.dispatchedCount, c.skippedCount];
    })
    .toEqual(['completed', 1, 0]);

  // Analytics says so.
  await features.getByRole('link', { name: 'Campaign Analytics' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Open campaign ${name}` }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet.getByText('1 sent on return (counted in Sent).')).toBeVisible();
  await expect(sheet.getByRole('meter', { name: 'Sent', exact: true })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );
  // A second message sends nothing more.
  await contactWrites(request, pageId, psid, 'Thanks!');
  await page.waitForTimeout(3000);
  expect(await sentTo()).toHaveLength(1);
});
