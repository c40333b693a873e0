// The inbox as a team's queue (docs/inbox.md "The queue"), two admins of one page in two browsers: a
// question stays in Needs reply after the page's app broadcasts to the contact, an assignment reaches the
// colleague's open inbox live, a snooze until they write takes it out of the queue until they do, and
// resolving ('e') clears it everywhere.
import { expect, test, type Page } from '@playwright/test';
import {
  browserOn,
  contactWrites,
  DEMO_ADMIN,
  DEMO_PAGES,
  emu,
  emulatorURL,
  emulatorUser,
  present,
  SECOND_ADMIN,
  selectPage,
  signIn,
} from './fixtures';
import { apiClient, waitForRecipients } from './api';

const GRAPH = `${emulatorURL}/v25.0`;

async function openChats(page: Page, query: string): Promise<void> {
  await page.goto(`/dashboard/chats${query}`);
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
}

test('queue: a broadcast leaves the question waiting; assign, snooze and resolve between two admins', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { headers, pageId } = await browserOn(page, DEMO_PAGES.bakery);
  const api = apiClient(request, { headers });

  // A contact inside the window, once the page sync brought them.
  const who = await waitForRecipients(
    api,
    pageId,
    (recipients) => recipients.find((r) => r.windowOpen && r.name && !r.assignee),
    90_000,
  );

  // The contact asks; then the page's app sends them a broadcast, as a campaign does (the Send API with
  // the page's token: Meta echoes it with our app id).
  const question = `Is there parking nearby? ${Date.now()}`;
  await contactWrites(request, pageId, who.id, question);
  const owner = await emulatorUser(request, DEMO_ADMIN);
  const minted = await emu<{ access_token: string }>(
    request,
    `/_emulator/users/${owner.id}/tokens`,
    {
      data: {},
    },
  );
  const accounts = (await (
    await request.get(
      `${GRAPH}/me/accounts?fields=id,access_token&access_token=${minted.access_token}`,
    )
  ).json()) as { data: Array<{ id: string; access_token: string }> };
  const pageToken = present(
    accounts.data.find((p) => p.id === pageId),
    'page token',
  ).access_token;
  const broadcast = `Spring sale starts today ${Date.now()}`;
  const sent = await request.post(`${GRAPH}/${pageId}/messages?access_token=${pageToken}`, {
    data: { recipient: { id: who.id }, messaging_type: 'UPDATE', message: { text: broadcast } },
  });
  expect(sent.ok()).toBe(true);

  // Needs reply still lists them, with the broadcast as the preview.
  await openChats(page, '?filter=needs_reply');
  const rowA = page.getByTestId('conversation-row').filter({ hasText: who.name });
  await expect(rowA.first()).toContainText(broadcast, { timeout: 30_000 });
  await expect(page.getByRole('radio', { name: 'Needs reply' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // The colleague, in another browser, watches their own conversations.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  try {
    await signIn(pageB, { userName: SECOND_ADMIN });
    await selectPage(pageB, DEMO_PAGES.bakery);
    await openChats(pageB, '?assignee=mine');
    const rowB = pageB.getByTestId('conversation-row').filter({ hasText: who.name });
    await expect(rowB).toHaveCount(0);

    // The first admin's inbox was open before the colleague first signed in (their page_admins row did
    // not exist yet): open it again so the Assign menu lists them.
    await page.reload();
    // Assigned from the first browser: it appears in the colleague's Mine, live, and their tab counts it.
    await rowA.first().click();
    const chatA = page.getByRole('region', { name: 'Conversation' });
    await chatA.getByRole('button', { name: 'Assign' }).click();
    await page.getByRole('menuitem', { name: new RegExp(SECOND_ADMIN) }).click();
    await expect(rowA.first().getByTestId('row-assignee')).toHaveText(
      `Assigned to ${SECOND_ADMIN}`,
    );
    await expect(rowB.first()).toBeVisible({ timeout: 15_000 });
    await expect(rowB.first().getByTestId('row-assignee')).toHaveText('Assigned to You');
    await expect(pageB).toHaveTitle(/^\(\d+\) Chats/);
    await page.screenshot({ path: 'test-results/inbox-queue-assigned.png' });

    // The colleague snoozes it until the contact writes: it leaves the first admin's Needs reply.
    await rowB.first().click();
    const chatB = pageB.getByRole('region', { name: 'Conversation' });
    await chatB.getByRole('button', { name: 'Snooze' }).click();
    await pageB.getByRole('menuitem', { name: 'Until they write' }).click();
    await expect(rowB.first().getByTestId('row-status')).toHaveText('Snoozed until they write');
    await expect(rowA).toHaveCount(0, { timeout: 15_000 });

    // They write again: back in Needs reply for everyone.
    const again = `Hello again ${Date.now()}`;
    await contactWrites(request, pageId, who.id, again);
    await expect(rowA.first()).toContainText(again, { timeout: 15_000 });
    await expect(rowB.first().getByTestId('row-status')).toHaveCount(0);

    // Resolved from the keyboard in the colleague's browser ('e'): it leaves Needs reply again.
    await pageB.keyboard.press('e');
    await expect(rowB.first().getByTestId('row-status')).toHaveText('Resolved');
    await expect(rowA).toHaveCount(0, { timeout: 15_000 });
    await pageB.screenshot({ path: 'test-results/inbox-queue-resolved.png' });

    // Home counts link to the filtered inbox.
    await page.goto('/dashboard/home');
    const needs = page.getByTestId('home-queue-needs_reply');
    await expect(needs).toHaveText(/^\d[\d,]* needs? a reply$/);
    await needs.click();
    await expect(page).toHaveURL(/\/dashboard\/chats\?filter=needs_reply$/);
  } finally {
    // Leave the contact as the other suites expect it: open and nobody's.
    await api.inbox.assign({ params: { pageId, userId: who.id }, body: { userId: null } });
    await api.inbox.setStatus({ params: { pageId, userId: who.id }, body: { status: 'open' } });
    await other.close();
  }
});
