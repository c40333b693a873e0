// Shared sign-in helpers for the Playwright suites. They drive the product the way a user does (the landing
// page's login button, the emulator's login popup, the page chooser), or, for tests that only need a JWT,
// go straight to the API with a token minted by the emulator's control API.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { baseURL as apiBase } from '../playwright.config';
import { SESSION_COOKIE } from '@pagecast/contract';
import { apiClient, bodyOf } from './api';

export { baseURL, emulatorURL } from '../playwright.config';

/** `value`, or a failed test naming what was missing (instead of a `!` that fails later, vaguely). */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Missing: ${what}`);
  return value;
}

export const DEMO_ADMIN = 'Demo Admin';
export const SECOND_ADMIN = 'Second Admin';
/** The demo world's pages (apps/graph-emulator/src/world/seed.ts). */
export const DEMO_PAGES = {
  bakery: 'Crumb & Co. Bakery',
  bikeShop: 'Spoke & Chain Bike Shop',
  yoga: 'Lotus Flow Yoga Studio',
  /** Managed by 'Second Admin' only. */
  books: 'Harbor Lane Books',
} as const;

/**
 * Signs in through the UI: opens '/', clicks the landing page's login button, and in the emulator's login
 * popup (opened by its sdk.js) picks the user — 'Continue as <name>' both chooses and grants the scopes.
 * Resolves once the app is on /select with the page list rendered.
 */
export async function signIn(page: Page, opts: { userName?: string } = {}): Promise<void> {
  const userName = opts.userName ?? DEMO_ADMIN;
  await page.goto('/');
  const popupPromise = page.waitForEvent('popup');
  // The header and the hero both have the button; the first visible one is enough.
  await page.getByRole('button', { name: 'Login with Facebook' }).first().click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: `Continue as ${userName}` }).click();
  await expect(page).toHaveURL(/\/select$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Select a Page' })).toBeVisible();
}

/**
 * On /select: clicks the card of the page called `name`, waits for the dashboard and ends on the Home
 * screen (/dashboard/home) with the page's name in the sidebar header.
 */
export async function selectPage(page: Page, name: string): Promise<void> {
  await page
    .getByRole('list', { name: 'Pages' })
    .getByRole('button', { name, exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard(\/home)?$/, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  // Below 768px the sidebar is a sheet that is closed by default: its header is not rendered then.
  if ((page.viewportSize()?.width ?? 1280) >= 768) {
    await expect(page.locator('[data-slot="sidebar-page-header"]').first()).toContainText(name);
  }
}

export interface ApiSession {
  jwt: string;
  user: { userId: string; name: string; role: 'admin' | 'operator' };
  accounts: Array<{ id: string; pageId: string; name: string }>;
  /** `{ authorization: 'Bearer <jwt>' }` for request.get/post. */
  headers: Record<string, string>;
}

/**
 * Signs in without a browser, for tests that only need a JWT: finds the user's id in the emulator
 * (`GET /_emulator/state`), mints a user token for it (`POST /_emulator/users/{id}/tokens`) and registers
 * with the API (`POST /api/v1/admin/register-user-admin`), which verifies that token with the emulator.
 */
export async function apiSignIn(
  request: APIRequestContext,
  apiURL: string,
  emulator: string,
  opts: { userName?: string } = {},
): Promise<ApiSession> {
  const userName = opts.userName ?? DEMO_ADMIN;
  const state = await request.get(`${emulator}/_emulator/state`);
  expect(state.ok()).toBe(true);
  const { users } = (await state.json()) as {
    users: Array<{ id: string; name: string; email: string | null }>;
  };
  const user = users.find((u) => u.name === userName);
  if (!user) throw new Error(`No user called '${userName}' in the emulator world`);
  const minted = await request.post(`${emulator}/_emulator/users/${user.id}/tokens`, { data: {} });
  expect(minted.ok()).toBe(true);
  const { access_token: accessToken, expires_in: expiresIn } = (await minted.json()) as {
    access_token: string;
    expires_in: number;
  };
  const res = await apiClient(request, { baseUrl: apiURL }).admin.registerUserAdmin({
    body: {
      name: user.name,
      email: user.email,
      profilePic: null,
      userId: user.id,
      accessToken,
      expiresIn,
    },
  });
  // Not a browser (no Origin, no Sec-Fetch-Site): the jwt comes in the body as well as in the cookie.
  const body = bodyOf(res, 200);
  const jwt = present(body.jwt, 'the jwt of a non-browser sign-in');
  return { ...body, jwt, headers: { authorization: `Bearer ${jwt}` } };
}

/**
 * 'Schedule Campaign' (`submit`) opens the review, where nothing is sent yet; Confirm creates the campaign `name`
 * and the app opens its detail on Campaign Analytics, closed here (Escape) for the test to go on. Returns the
 * campaign's id.
 */
export async function confirmCampaign(page: Page, submit: Locator, name: string): Promise<string> {
  await submit.click();
  const review = page.getByRole('dialog', { name: 'Review your campaign' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: /^Confirm and (send|schedule)$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics\?campaign=/, { timeout: 30_000 });
  const id = present(
    new URL(page.url()).searchParams.get('campaign'),
    'the campaign id in the URL',
  );
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return id;
}

/** The signed-in browser session's bearer header and selected page id (after signIn + selectPage). */
export async function sessionOf(page: Page) {
  // The session is an httpOnly cookie: out of the page's reach, read here from the browser context.
  const jwt = (await page.context().cookies(`${apiBase}/api/`)).find(
    (c) => c.name === SESSION_COOKIE,
  )?.value;
  const selected = await page.evaluate(() => localStorage.getItem('pagecast.admin.selectedPage'));
  const pageId = (JSON.parse(selected as string) as { pageId: string }).pageId;
  return { headers: { authorization: `Bearer ${present(jwt, 'the session cookie')}` }, pageId };
}

/**
 * Schedules a campaign to all users of `pageId` a month ahead through the API (retried while the page's sync
 * refuses it) and returns its id. Cancel it when done (`cancelCampaign`) so nothing is ever sent.
 */
export async function createFutureCampaign(
  request: APIRequestContext,
  session: Pick<ApiSession, 'headers'>,
  pageId: string,
  name: string,
): Promise<string> {
  let id: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await apiClient(request, {
          baseUrl: apiBase,
          headers: session.headers,
        }).campaigns.createCampaign({
          body: {
            name,
            description: 'Made by an end-to-end test',
            pageId,
            tagId: null,
            time: new Date(Date.now() + 30 * 86_400_000).toISOString(),
            type: 'ACCOUNT_UPDATE',
            msg: 'A message that is cancelled before it goes out',
          },
        });
        if (res.status === 201) id = res.body.id;
        return res.status;
      },
      { timeout: 90_000 },
    )
    .toBeLessThan(300);
  return id as unknown as string;
}

export async function cancelCampaign(
  request: APIRequestContext,
  session: Pick<ApiSession, 'headers'>,
  id: string | null,
): Promise<void> {
  if (id)
    await apiClient(request, {
      baseUrl: apiBase,
      headers: session.headers,
    }).campaigns.cancelCampaign({
      params: { campaignId: id },
      body: {},
    });
}
