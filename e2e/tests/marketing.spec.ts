// Marketing messages (docs/campaigns.md "Marketing messages"): connect the bike shop's ad account on the
// Marketing screen, ask a contact to subscribe from the inbox (they accept: emulator -> signed webhook -> API),
// then a campaign to a tag reaches the contact inside the window with a standard message, the subscriber
// outside it with a paid marketing message, and skips the one who is neither.
import { expect, test } from '@playwright/test';
import { baseURL, confirmCampaign, DEMO_PAGES, emu, outboxOf, present, signInOn } from './fixtures';
import { apiClient, campaignNamed, createTag, tagContacts } from './api';

test('marketing: set up, ask to subscribe, and a campaign that pays to reach subscribers', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const session = await signInOn(page, request, DEMO_PAGES.bikeShop);
  const { pageId } = session;
  const client = apiClient(request, { baseUrl: baseURL, headers: session.headers });

  // Three contacts the page sync brought: one inside the window, two outside (one a demo subscriber).
  const contacts = (
    await emu<{
      data: Array<{
        psid: string;
        name: string;
        lastInboundAt: number;
        subscription: 'subscribed' | 'stopped' | null;
      }>;
    }>(request, `/_emulator/pages/${pageId}/audience`)
  ).data;
  const subscribers = new Set(
    contacts.filter((c) => c.subscription === 'subscribed').map((c) => c.psid),
  );
  const day = 86_400_000;
  const inside = present(
    contacts.find((c) => Date.now() - c.lastInboundAt < day / 2 && !subscribers.has(c.psid)),
    'a contact inside the window',
  );
  const subscriber = present(
    contacts.find((c) => Date.now() - c.lastInboundAt > day && subscribers.has(c.psid)),
    'a subscriber outside the window',
  );
  const neither = present(
    contacts.find((c) => Date.now() - c.lastInboundAt > day && !subscribers.has(c.psid)),
    'a contact outside the window, not subscribed',
  );

  // Marketing screen: connect the page's ad account (checked with Meta).
  const features = page.getByRole('group', { name: 'Features' });
  await features.getByRole('link', { name: 'Marketing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/marketing$/);
  await expect(page.getByRole('note')).toContainText('Meta bills each marketing message delivered');
  const field = page.getByLabel('Ad account ID');
  await field.fill('act_1');
  await page.getByRole('button', { name: 'Connect' }).click();
  await page
    .getByRole('dialog', { name: 'Connect this ad account?' })
    .getByRole('button', { name: 'Connect it' })
    .click();
  await expect(page.getByText('Meta does not let this page use that ad account')).toBeVisible();
  // Meta lists the ad accounts the admin may use: pick the page's.
  await page
    .getByLabel('Your ad accounts')
    .selectOption({ label: `${DEMO_PAGES.bikeShop} Ads (act_${pageId.slice(-10)})` });
  await expect(field).toHaveValue(`act_${pageId.slice(-10)}`);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page
    .getByRole('dialog', { name: 'Connect this ad account?' })
    .getByRole('button', { name: 'Connect it' })
    .click();
  await expect(page.getByTestId('ad-account')).toContainText(`${DEMO_PAGES.bikeShop} Ads`);
  // The page sync reads Meta's token list: the demo subscribers are counted (the screen follows the sync).
  await expect
    .poll(
      async () => {
        // Polled: an answer other than 200 counts as "not yet", as before.
        const res = await client.marketing.getMarketing({ params: { pageId } });
        return res.status === 200 ? res.body.subscribers : undefined;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('subscriber-counts')).not.toContainText(/^0\s*Subscribed/);

  // Inbox: ask the contact inside the window to subscribe; they accept.
  await features.getByRole('link', { name: 'Chats' }).click();
  await page.getByPlaceholder('Search conversations...').fill(inside.name);
  await page.getByTestId('conversation-row').filter({ hasText: inside.name }).first().click();
  const menu = page.getByRole('button', { name: /^Marketing messages:/ });
  await expect(menu).toHaveAccessibleName(
    'Marketing messages: Not subscribed to marketing messages',
  );
  await menu.click();
  await page.getByRole('menuitem', { name: 'Ask to subscribe' }).click();
  await expect(page.getByText('Opt-in request sent')).toBeVisible();
  await emu(request, `/_emulator/pages/${pageId}/contacts/${inside.psid}/optin`, {
    data: { title: 'Updates and promotions' },
  });
  await expect
    .poll(async () => {
      const res = await client.marketing.getSubscription({
        params: { pageId, userId: inside.psid },
      });
      return res.status === 200 ? res.body.status : undefined;
    })
    .toBe('subscribed');

  // A tag with the three, and a campaign that sends marketing messages.
  const tagName = `Regulars ${Date.now() % 100000}`;
  const tagId = await createTag(client, {
    name: tagName,
    description: 'Marketing audience',
    pageId,
  });
  await tagContacts(client, {
    pageId,
    tagId,
    psids: [inside, subscriber, neither].map((c) => c.psid),
  });
  await features.getByRole('link', { name: 'Schedule' }).click();
  const submit = page.getByRole('button', { name: 'Schedule Campaign' });
  await expect(submit).toBeEnabled({ timeout: 60_000 });
  const name = `Helmet week ${Date.now() % 100000}`;
  const text = `Hi {{first_name}}, new helmets are 2 for 1 this week ${Date.now() % 100000}`;
  await page.getByLabel('Campaign Name').fill(name);
  await page.getByLabel('Campaign Description').fill('For our regulars');
  await page.getByLabel('Audience', { exact: true }).selectOption({ label: tagName });
  const paid = page.getByRole('checkbox', {
    name: 'Send a paid marketing message to subscribers outside the window',
  });
  await paid.check();
  const preview = page.getByTestId('audience-preview');
  await expect(preview).toContainText('Paid marketing message (subscribers)1');
  await expect(preview).toContainText('Left out (no allowed path now)1');
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByLabel('Purpose').selectOption({ label: 'Account update' });
  await confirmCampaign(page, submit, name);
  await expect(page.getByText('Campaign created successfully!')).toBeVisible();

  const campaign = () => campaignNamed(client, pageId, name);
  await expect.poll(async () => (await campaign()).status, { timeout: 120_000 }).toBe('completed');
  // 'Only contacts I can reach' (the default) left the one who is neither out of the audience.
  expect(await campaign()).toMatchObject({
    marketing: true,
    audienceCount: 2,
    dispatchedCount: 2,
    skippedCount: 0,
  });
  const outbox = (await outboxOf(request, pageId)).filter((e) =>
    e.text.includes('new helmets are 2 for 1'),
  );
  expect(outbox.map((e) => [e.recipient, e.messaging_type]).sort()).toEqual(
    [
      [inside.psid, 'UPDATE'],
      [subscriber.psid, 'MARKETING'],
    ].sort(),
  );
  // Meta filled the macro in the marketing message.
  expect(outbox.find((e) => e.messaging_type === 'MARKETING')?.text).not.toContain('{{');

  // Analytics: the paid path is named, the one left out has its reason.
  await features.getByRole('link', { name: 'Campaign Analytics' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Open campaign ${name}` }).click();
  const sheet = page.getByRole('dialog', { name });
  await expect(sheet.getByText('Paid marketing messages')).toBeVisible();
  await expect(sheet.getByRole('table', { name: 'Recipients' })).toContainText(
    'Marketing message (paid)',
  );
});
