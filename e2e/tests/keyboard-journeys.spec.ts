// Keyboard-only journeys: the tag selector (inbox and bulk tagging), the Schedule screen's date-time
// picker, and the tables (Manage Tags, Campaign Analytics). Each journey starts from a route and then uses the
// keyboard alone; the API confirms what the keys did. Every test makes its own tags/campaigns (unique names).
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  type ApiSession,
  apiSignInOn,
  baseURL,
  cancelCampaign,
  createFutureCampaign,
  DEMO_PAGES,
  present,
  selectPage,
} from './fixtures';
import { openRoute, themedContext, uxRoute as route } from './ux-routes';
import { apiClient, bodyOf, createTag as createTagViaApi } from './api';
const unique = () => String(Date.now() % 100000).padStart(5, '0');

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  for (let i = 0; i < (opts.max ?? 80); i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The dashboard's skip link: the first Tab stop, it puts the focus at the start of the screen. */
async function skipToContent(page: Page) {
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
}

/** A toast is announced: its text appears inside an aria-live region (sonner's). */
async function expectAnnounced(page: Page, text: string) {
  await expect(
    page.locator('[aria-live="polite"], [aria-live="assertive"]').getByText(text).first(),
  ).toBeVisible();
}

async function createTag(
  request: APIRequestContext,
  s: ApiSession & { pageId: string },
  name: string,
) {
  return createTagViaApi(apiClient(request, { baseUrl: baseURL, headers: s.headers }), {
    name,
    description: 'Made by the keyboard journeys',
    pageId: s.pageId,
  });
}

async function tagCount(
  request: APIRequestContext,
  s: ApiSession & { pageId: string },
  name: string,
) {
  const res = await apiClient(request, { baseUrl: baseURL, headers: s.headers }).tags.listTags({
    params: { pageId: s.pageId },
  });
  const list = bodyOf(res, 200);
  return list.find((t) => t.tag.name === name)?.count ?? null;
}

test('tag selector in the inbox: open with t, filter, add, remove, close — keyboard only', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await apiSignInOn(request, DEMO_PAGES.bakery);
  const id = unique();
  const first = `Kb Alpha ${id}`;
  const second = `Kb Beta ${id}`;
  await createTag(request, s, first);
  await createTag(request, s, second);

  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  try {
    await openRoute(page, route('chats'), 'light');
    await expect(page.getByTestId('conversation-row').first()).toBeVisible({ timeout: 90_000 });
    const trigger = page.getByRole('button', { name: 'Tags of this chat' });
    await expect(trigger).toBeEnabled({ timeout: 30_000 });

    // 't' opens the selector with the focus in its filter box (a combobox driving a multi-select listbox).
    await page.keyboard.press('t');
    const box = page.getByRole('combobox', { name: 'Filter tags' });
    await expect(box).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const listbox = page.getByRole('listbox', { name: 'Tags' });
    await expect(listbox).toHaveAttribute('aria-multiselectable', 'true');

    // Filter to this test's tags, arrow to the first one and add it with Enter.
    await page.keyboard.type(`kb alpha ${id}`);
    await expect(listbox.getByRole('option')).toHaveCount(1);
    const alpha = listbox.getByRole('option', { name: first });
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      present(await alpha.getAttribute('id'), 'option id'),
    );
    await page.keyboard.press('Enter');
    await expect(alpha).toHaveAttribute('aria-selected', 'true');
    await expectAnnounced(page, 'Tag added successfully!');
    await expect.poll(() => tagCount(request, s, first)).toBe(1);
    await expect(listbox).not.toHaveAttribute('aria-busy');
    await expect(page.getByTestId('chat-tags')).toContainText(first);

    // A new filter: both tags; ArrowDown moves to the second, Enter adds it, Enter again removes it.
    await page.keyboard.press('Control+A');
    await page.keyboard.type(id);
    await expect(listbox.getByRole('option')).toHaveCount(2);
    await page.keyboard.press('ArrowDown');
    const beta = listbox.getByRole('option', { name: second });
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      present(await beta.getAttribute('id'), 'option id'),
    );
    await page.keyboard.press('Enter');
    await expect(beta).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => tagCount(request, s, second)).toBe(1);
    await expect(listbox).not.toHaveAttribute('aria-busy');
    await page.keyboard.press('Enter');
    await expect(beta).toHaveAttribute('aria-selected', 'false');
    await expectAnnounced(page, 'Tag removed successfully!');
    await expect.poll(() => tagCount(request, s, second)).toBe(0);
    await expect(listbox).not.toHaveAttribute('aria-busy');

    // Esc closes it and gives the focus back to the button; 't' (or Enter) opens it again.
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused();
    await page.keyboard.type(first.toUpperCase());
    await page.keyboard.press('Enter');
    await expect(listbox.getByRole('option', { name: first })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    await expect.poll(() => tagCount(request, s, first)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
  } finally {
    await context.close();
  }
});

test('bulk tagging from the keyboard: multi-select, tick chats, filter, add, then remove', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await apiSignInOn(request, DEMO_PAGES.bakery);
  const name = `Kb Bulk ${unique()}`;
  await createTag(request, s, name);

  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  try {
    await openRoute(page, route('chats'), 'light');
    const rows = page.getByTestId('conversation-row');
    await expect(rows.nth(1)).toBeVisible({ timeout: 90_000 });

    // '/' to the search; Tab passes the filters (one stop, arrows move in it), the tag filter, the
    // assignee filter and, when some conversations are unreachable, 'Resolve N unreachable', to the
    // Multi-select switch; Space turns it on.
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'All' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Filter by tag' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Whose conversations' })).toBeFocused();
    await page.keyboard.press('Tab');
    const resolveUnreachable = page.getByRole('button', { name: /^Resolve \d+ unreachable$/ });
    if (await resolveUnreachable.isVisible()) {
      await expect(resolveUnreachable).toBeFocused();
      await page.keyboard.press('Tab');
    }
    const multi = page.getByRole('switch', { name: 'Multi-select' });
    await expect(multi).toBeFocused();
    await page.keyboard.press('Space');
    await expect(multi).toHaveAttribute('aria-checked', 'true');

    // Past the 'Resolve when a person replies' switch, the list is one Tab stop; Space ticks a row, j moves
    // without ticking.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'Resolve when a person replies' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(rows.nth(0)).toBeFocused();
    await expect(rows.nth(0)).toHaveAttribute('role', 'checkbox');
    await page.keyboard.press('Space');
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toBeFocused();
    await expect(rows.nth(1)).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Space');
    await expect(rows.nth(0)).toHaveAttribute('aria-checked', 'true');
    await expect(rows.nth(1)).toHaveAttribute('aria-checked', 'true');
    const panel = page.getByRole('region', { name: 'Bulk Tag Assignment' });
    await expect(panel.getByText('Assign tags to 2 selected chat(s)')).toBeVisible();

    // Tab leaves the list for the panel: filter, tick 'Add', apply.
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('searchbox', { name: 'Filter tags' })).toBeFocused();
    await page.keyboard.type(name);
    await expect(panel.getByRole('checkbox', { name: /^Add / })).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('checkbox', { name: `Add ${name}` })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const apply = panel.getByRole('button', { name: /Apply to 2 chat\(s\)/ });
    await expect(apply).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('progressbar', { name: 'Bulk tag progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expectAnnounced(page, 'Tags updated for 2 chat(s)');
    await expect.poll(() => tagCount(request, s, name)).toBe(2);

    // The focus stayed on Apply: Shift+Tab to 'Remove', Space, Tab, Enter takes the tag off again.
    await expect(apply).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    const remove = panel.getByRole('checkbox', { name: `Remove ${name}` });
    await expect(remove).toBeFocused();
    await page.keyboard.press('Space');
    await expect(remove).toBeChecked();
    await expect(panel.getByRole('checkbox', { name: `Add ${name}` })).not.toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => tagCount(request, s, name)).toBe(0);

    // Esc leaves multi-select.
    await expect(apply).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(multi).toHaveAttribute('aria-checked', 'false');
    await expect(panel).toBeHidden();
  } finally {
    await context.close();
  }
});

/** 'YYYY-MM-DD' of a UTC day. */
const ymd = (d: Date) => d.toISOString().slice(0, 10);

test('schedule: the date-time picker from the keyboard alone (arrows, PageDown, Enter, spinbuttons)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await apiSignInOn(request, DEMO_PAGES.bikeShop);
  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  let campaignId: string | null = null;
  try {
    await page.goto('/select');
    await selectPage(page, DEMO_PAGES.bikeShop);
    await openRoute(page, route('schedule'), 'light');
    const submit = page.getByRole('button', { name: 'Schedule Campaign' });
    await expect(submit).toBeEnabled({ timeout: 90_000 }); // disabled while the page syncs

    await skipToContent(page);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Campaign Name')).toBeFocused();
    const name = `Keyboard ${unique()}`;
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Picked without a mouse');
    const field = page.getByRole('button', { name: 'Date and Time (UTC)' });
    // Past the audience (and its closed 'Narrow down'), and the choices for contacts outside the window when
    // there are some.
    await tabTo(page, field, { max: 12 });
    const start = new Date(`${((await field.textContent()) ?? '').slice(0, 10)}T00:00:00Z`);

    // Enter opens the calendar with the focus on the chosen day (today); arrows move by day and week,
    // PageDown by month, Enter picks.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Date and Time (UTC)' });
    await expect(dialog.getByRole('button', { name: ymd(start) })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    const plus8 = new Date(start.getTime() + 8 * 86_400_000);
    const lastDay = new Date(
      Date.UTC(plus8.getUTCFullYear(), plus8.getUTCMonth() + 2, 0),
    ).getUTCDate();
    const target = new Date(
      Date.UTC(
        plus8.getUTCFullYear(),
        plus8.getUTCMonth() + 1,
        Math.min(plus8.getUTCDate(), lastDay),
      ),
    );
    const day = dialog.getByRole('button', { name: ymd(target) });
    await expect(day).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(field).toContainText(ymd(target));

    // Tab to the time: spinbuttons take Home / End / arrows / PageUp.
    await page.keyboard.press('Tab');
    const hours = dialog.getByRole('spinbutton', { name: 'Hours' });
    await expect(hours).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowUp');
    await expect(hours).toHaveAttribute('aria-valuenow', '11');
    await page.keyboard.press('Tab');
    const minutes = dialog.getByRole('spinbutton', { name: 'Minutes' });
    await expect(minutes).toBeFocused();
    await page.keyboard.press('Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowDown');
    await expect(minutes).toHaveAttribute('aria-valuenow', '29');
    await expect(field).toContainText(`${ymd(target)} 11:29 UTC`);

    // Done (Tab past the seconds) closes and the focus returns to the field.
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(field).toBeFocused();

    // 'Send now' beside the field (the time stays as picked), then the rest of the form; submit with Enter.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send now' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Send now' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Message', { exact: true })).toBeFocused();
    await page.keyboard.type('Keyboard users schedule campaigns too.');
    // The optional link buttons and image, then the purpose.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add a button' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Image (optional)')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Purpose')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Purpose')).not.toHaveValue('');
    // A sync the page selection queued may still run (it disables the button): wait it out.
    await expect(submit).toBeEnabled({ timeout: 90_000 });
    await tabTo(page, submit, { max: 3 });
    await page.keyboard.press('Enter');
    // The review takes the focus; Confirm is reached with Tab, like every control in it.
    const review = page.getByRole('dialog', { name: 'Review your campaign' });
    await expect(review.getByRole('heading', { name: 'Review your campaign' })).toBeFocused();
    await tabTo(page, review.getByRole('button', { name: 'Confirm and schedule' }), { max: 12 });
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Campaign created successfully!');

    // The API has it at the picked time.
    const list = await apiClient(request, {
      baseUrl: baseURL,
      headers: s.headers,
    }).campaigns.listCampaigns({ params: { pageId: s.pageId }, query: { page: 1 } });
    const body = bodyOf(list, 200);
    const created = body.data.find((c) => c.name === name);
    expect(created, JSON.stringify(body.data.map((c) => c.name))).toBeTruthy();
    campaignId = present(created, name).id;
    expect(present(created, name).scheduledTime.slice(0, 16)).toBe(`${ymd(target)}T11:29`);
  } finally {
    // Leave nothing to send: a month ahead, it is still pending.
    await cancelCampaign(request, s, campaignId);
    await context.close();
  }
});

test('tables from the keyboard: Manage Tags row actions, Campaign Analytics rows and paging', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const s = await apiSignInOn(request, DEMO_PAGES.bakery);
  const name = `Kb Table ${unique()}`;
  await createTag(request, s, name);
  const bikes = await apiSignInOn(request, DEMO_PAGES.bikeShop);
  const campaign = `Kb Row ${unique()}`;
  const campaignId = await createFutureCampaign(request, bikes, bikes.pageId, campaign);

  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  try {
    // Manage Tags: open 'Tags Details' with Enter, Tab to the row's actions.
    await openRoute(page, route('manage-tags'), 'light');
    await skipToContent(page);
    await page.keyboard.press('Tab');
    const create = page.getByRole('button', { name: 'Create Tag', expanded: true });
    await expect(create).toBeFocused();
    const details = page.getByRole('button', { name: 'Tags Details' });
    await tabTo(page, details, { max: 10 });
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 30_000 });
    const rename = row.getByRole('button', { name: `Rename ${name}` });
    await tabTo(page, rename, { max: 200 });
    await page.keyboard.press('Enter');
    const renameDialog = page.getByRole('dialog', { name: 'Rename tag' });
    await expect(renameDialog).toBeVisible();
    expect(await renameDialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(renameDialog).toBeHidden();
    await expect(rename).toBeFocused();

    // Tab to Delete, Enter, and confirm inside the dialog with the keyboard.
    await page.keyboard.press('Tab');
    const del = row.getByRole('button', { name: `Delete ${name}` });
    await expect(del).toBeFocused();
    await page.keyboard.press('Enter');
    const deleteDialog = page.getByRole('dialog');
    await expect(deleteDialog).toBeVisible();
    await tabTo(page, deleteDialog.getByRole('button', { name: 'Delete', exact: true }), {
      max: 6,
    });
    await page.keyboard.press('Enter');
    await expect(deleteDialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await expect.poll(() => tagCount(request, s, name)).toBeNull();

    // Campaign Analytics: Tab from Refresh into the table, Enter on this test's campaign opens its detail.
    await page.goto('/select');
    await selectPage(page, DEMO_PAGES.bikeShop);
    await openRoute(page, route('analytics'), 'light');
    await skipToContent(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeFocused();
    await page.keyboard.press('Enter');
    const open = page.getByRole('button', { name: `Open campaign ${campaign}` });
    await expect(open).toBeVisible({ timeout: 30_000 });
    await tabTo(page, open, { max: 30 });
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: campaign });
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();

    // The pager: Previous / Next are plain buttons (disabled ones leave the Tab order); Enter on Next pages on.
    const next = page.getByRole('button', { name: 'Next' });
    const pageText = page.getByText(/^Page \d+ of \d+$/);
    if (await next.isEnabled()) {
      await tabTo(page, next);
      await page.keyboard.press('Enter');
      await expect(pageText).toHaveText(/^Page 2 of/);
    } else {
      await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
      await expect(pageText).toHaveText('Page 1 of 1');
    }
  } finally {
    await cancelCampaign(request, bikes, campaignId);
    await context.close();
  }
});

test('the inbox shows a labelled keyboard-shortcuts button at every width', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const width of [375, 1366]) {
    const context = await themedContext(browser, { theme: 'light', width, signedIn: true });
    const page = await context.newPage();
    try {
      await openRoute(page, route('chats'), 'light');
      const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('aria-keyshortcuts', '?');
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Add or remove tags of the open conversation')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    } finally {
      await context.close();
    }
  }
});

test('date-time picker: a counter button disabled at its bound keeps the picker open', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Clicking a button that disables itself (minutes reach 59) hands the focus to no control: the picker must
  // not take that for the user leaving it (it did once, when <main> was focusable).
  const context = await themedContext(browser, { theme: 'light', width: 1366, signedIn: true });
  const page = await context.newPage();
  try {
    await openRoute(page, route('schedule'), 'light');
    await page.getByRole('button', { name: 'Date and Time (UTC)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Date and Time (UTC)' });
    const minutes = dialog.getByRole('spinbutton', { name: 'Minutes' });
    await minutes.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowDown');
    await expect(minutes).toHaveAttribute('aria-valuenow', '58');
    const increase = dialog.getByRole('button', { name: 'Increase minutes' });
    await increase.click();
    await expect(minutes).toHaveAttribute('aria-valuenow', '59');
    await expect(increase).toBeDisabled();
    await expect(dialog).toBeVisible();
    // A click on the screen's blank space (outside the picker) still closes it.
    await page.getByRole('heading', { name: 'Schedule Campaign', level: 1 }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await context.close();
  }
});
