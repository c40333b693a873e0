// Utility templates (docs/campaigns.md, "Send paths"): the page's templates arrive with its sync, a new one
// goes to Meta's review and comes back approved, and a campaign to all users sends it to the contacts
// outside the 24-hour window while those inside get the standard message; no retired tag is ever sent.
import { expect, test } from '@playwright/test';
import {
  apiSignInOn,
  baseURL,
  confirmCampaign,
  DEMO_PAGES,
  outboxOf,
  selectPage,
  signIn,
} from './fixtures';
import { apiClient, campaignNamed } from './api';

test('templates: listed from Meta, created and approved, then sent outside the window by a campaign', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await selectPage(page, DEMO_PAGES.yoga);
  const features = page.getByRole('group', { name: 'Features' });
  await features.getByRole('link', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\/dashboard\/templates$/);
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  // The tab says which screen of which page it holds.
  await expect(page).toHaveTitle(`Templates · ${DEMO_PAGES.yoga} — Pagecast`);
  await expect(page.getByRole('note')).toContainText('transactional updates only');

  // The demo page's templates come with the page sync: two approved, one refused as marketing.
  const cards = page.getByTestId('template-card');
  await expect(cards).toHaveCount(3, { timeout: 90_000 });
  const card = (name: string) => cards.filter({ hasText: name });
  await expect(card('order_update').getByText('Approved')).toBeVisible();
  await expect(card('spring_sale').getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card('spring_sale')).toContainText('Meta read it as marketing');

  // A new one: the rules first, then Meta's review (in review, then approved by the status webhook).
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Template name').fill('Class Change');
  await form.getByLabel('Text').fill('Hi {{first_name}}, your class moved to {{new_time}}.');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(form.getByText('Use lowercase letters, numbers and underscores only')).toBeVisible();
  await form.getByLabel('Template name').fill('class_change');
  await form.getByRole('button', { name: 'Add a link button' }).click();
  await form.getByLabel('Button text 1').fill('See schedule');
  await form.getByLabel('Link (https://) 1').fill('https://example.com/schedule');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Template submitted to Meta for review.')).toBeVisible();
  await expect(card('class_change')).toBeVisible();
  await expect(card('class_change').getByText('Approved')).toBeVisible({ timeout: 30_000 });

  // Schedule to all users, now: the approved template for those outside the window.
  await features.getByRole('link', { name: 'Schedule' }).click();
  const submit = page.getByRole('button', { name: 'Schedule Campaign' });
  await expect(submit).toBeEnabled({ timeout: 60_000 });
  const name = `Class update ${Date.now() % 100000}`;
  await page.getByLabel('Campaign Name').fill(name);
  await page.getByLabel('Campaign Description').fill('Timetable change');
  await page
    .getByLabel('Message', { exact: true })
    .fill('Our timetable changed: see you on the mat!');
  await page.getByLabel('Purpose').selectOption({ label: 'Account update' });
  await expect(page.getByTestId('audience-preview')).toContainText('outside it are left out');
  await page
    .getByLabel('Contacts outside the 24-hour window')
    .selectOption({ label: 'class_change (English (US))' });
  await expect(page.getByLabel('Fill {{first_name}} with')).toHaveValue('first_name');
  await page.getByLabel('Text for {{new_time}}').fill('6 pm');
  await expect(page.getByTestId('template-preview')).toHaveText(
    'Hi Alex, your class moved to 6 pm.',
  );
  await expect(page.getByTestId('audience-preview')).toContainText(
    'get the utility template “class_change”',
  );
  await confirmCampaign(page, submit, name);
  await expect(page.getByText('Campaign created successfully!')).toBeVisible();

  // What the platform received: every contact once, on the path the window allows, no tag.
  const session = await apiSignInOn(request, DEMO_PAGES.yoga);
  const { pageId } = session;
  const campaignSent = async () =>
    (await outboxOf(request, pageId)).filter(
      (e) =>
        e.text === 'Our timetable changed: see you on the mat!' ||
        e.template?.name === 'class_change',
    );
  const campaign = () =>
    campaignNamed(apiClient(request, { baseUrl: baseURL, headers: session.headers }), pageId, name);
  await expect.poll(async () => (await campaign()).status, { timeout: 120_000 }).toBe('completed');
  const done = await campaign();
  const sent = await campaignSent();
  // Every contact is reached: the standard message inside the window, the template outside it.
  expect(done.skippedCount).toBe(0);
  expect(done.dispatchedCount).toBe(done.audienceCount);
  expect(sent).toHaveLength(done.audienceCount);
  expect(new Set(sent.map((e) => e.recipient)).size).toBe(done.audienceCount);
  expect(sent.some((e) => e.tag !== null)).toBe(false);
  const utility = sent.filter((e) => e.messaging_type === 'UTILITY');
  expect(utility.length).toBeGreaterThan(0);
  expect(utility.every((e) => e.template?.params.new_time === '6 pm')).toBe(true);

  await features.getByRole('link', { name: 'Campaign Analytics' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
});
