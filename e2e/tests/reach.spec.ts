// Reach (docs/campaigns.md "Reach"): Schedule counts each path and offers 'Only contacts I can reach' and
// deliver on return; a contact outside the 24-hour window is skipped, writes to the page two minutes later
// (emulator -> signed webhook -> API) and then gets the campaign message once, in their fresh window.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  confirmCampaign,
  apiSignIn,
  baseURL,
  DEMO_PAGES,
  emulatorURL,
  present,
  selectPage,
  signIn,
} from './fixtures';
import { apiClient, bodyOf, createTag, tagContacts } from './api';

interface OutboxEntry {
  recipient: string;
  text: string;
  messaging_type: string;
  tag: string | null;
}

const DAY_MS = 86_400_000;

/** Whether the API knows the contact yet (their conversation answers). */
async function known(
  request: APIRequestContext,
  pageId: string,
  psid: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const res = await apiClient(request, { baseUrl: baseURL, headers }).inbox.getConversation({
    params: { pageId, userId: psid },
  });
  return res.status === 200;
}

test('deliver on return: a skipped contact who writes gets the campaign message once', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bikeShop);
  const session = await apiSignIn(request, baseURL, emulatorURL);
  const pageId = present(
    session.accounts.find((a) => a.name === DEMO_PAGES.bikeShop),
    DEMO_PAGES.bikeShop,
  ).pageId;

  // A contact who last wrote three days ago, imported by a page sync.
  const added = await request.post(`${emulatorURL}/_emulator/pages/${pageId}/contacts`, {
    data: { count: 1, inboundAgoMs: 3 * DAY_MS },
  });
  expect(added.ok()).toBe(true);
  const contact = ((await added.json()) as { contacts: Array<{ psid: string; name: string }> })
    .contacts[0] as { psid: string; name: string };
  await expect
    .poll(
      async () => {
        await apiClient(request, { baseUrl: baseURL, headers: session.headers }).pages.syncPage({
          params: { pageId },
          body: {},
        });
        return known(request, pageId, contact.psid, session.headers);
      },
      { timeout: 90_000, intervals: [3000] },
    )
    .toBe(true);
  const tagName = `Returners ${Date.now() % 100000}`;
  const api = apiClient(request, { baseUrl: baseURL, headers: session.headers });
  const tagId = await createTag(api, { name: tagName, description: 'Deliver on return', pageId });
  await tagContacts(api, { pageId, tagId, psids: [contact.psid] });

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

  const campaign = async () => {
    const list = bodyOf(
      await api.campaigns.listCampaigns({ params: { pageId }, query: { limit: 100 } }),
      200,
    );
    return present(
      list.data.find((c) => c.name === name),
      name,
    );
  };
  await expect.poll(async () => (await campaign()).status, { timeout: 120_000 }).toBe('completed');
  expect(await campaign()).toMatchObject({ dispatchedCount: 0, skippedCount: 1 });
  const sentTo = async () =>
    (
      (await (await request.get(`${emulatorURL}/_emulator/pages/${pageId}/outbox`)).json()) as {
        data: OutboxEntry[];
      }
    ).data.filter((e) => e.text === text);
  expect(await sentTo()).toHaveLength(0);

  // They write to the page: the campaign message follows, once, as a standard message.
  const wrote = await request.post(
    `${emulatorURL}/_emulator/pages/${pageId}/contacts/${contact.psid}/messages`,
    { data: { text: 'Hi, do you have gravel tyres?' } },
  );
  expect(wrote.ok()).toBe(true);
  // It waits for a person (never the instant reply): someone answers her in the inbox, then it goes.
  await expect
    .poll(
      async () =>
        (
          await api.inbox.sendMessage({
            params: { pageId, userId: contact.psid },
            body: { message: 'Yes, they came in today.' },
          })
        ).status,
      { timeout: 30_000 },
    )
    .toBe(201);
  await expect.poll(async () => (await sentTo()).length, { timeout: 60_000 }).toBe(1);
  const [sent] = await sentTo();
  expect(sent).toMatchObject({ recipient: contact.psid, messaging_type: 'UPDATE', tag: null });
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
  await request.post(`${emulatorURL}/_emulator/pages/${pageId}/contacts/${contact.psid}/messages`, {
    data: { text: 'Thanks!' },
  });
  await page.waitForTimeout(3000);
  expect(await sentTo()).toHaveLength(1);
});
