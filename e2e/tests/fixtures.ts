// Shared sign-in helpers for the Playwright suites. They drive the product the way a user does (the landing
// page's login button, the emulator's login popup, the page chooser), or, for tests that only need a JWT,
// go straight to the API with a token minted by the emulator's control API.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { baseURL as apiBase, emulatorURL } from '../playwright.config';
import { SESSION_COOKIE } from '@pagecast/contract';
import type { Behaviour, OutboxEntry } from '@pagecast/graph-emulator';
import { apiClient, bodyOf } from './api';

export { baseURL, emulatorURL } from '../playwright.config';
export type { OutboxEntry };

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
  const user = await emulatorUser(request, userName, emulator);
  const { access_token: accessToken, expires_in: expiresIn } = await emu<{
    access_token: string;
    expires_in: number;
  }>(request, `/_emulator/users/${user.id}/tokens`, { data: {}, emulator });
  const res = await apiClient(request, { baseUrl: apiURL }).signIn.registerUserAdmin({
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

/** `apiSignIn` as the demo admin, with the id of their page called `pageName`. */
export async function apiSignInOn(
  request: APIRequestContext,
  pageName: string,
): Promise<ApiSession & { pageId: string }> {
  const session = await apiSignIn(request, apiBase, emulatorURL);
  const { pageId } = present(
    session.accounts.find((a) => a.name === pageName),
    pageName,
  );
  return { ...session, pageId };
}

/**
 * The demo admin on the page called `pageName` twice over: in the browser (`signIn`, then `selectPage`) and
 * through the API (`apiSignInOn`), whose session and page id it returns.
 */
export async function signInOn(
  page: Page,
  request: APIRequestContext,
  pageName: string,
): Promise<ApiSession & { pageId: string }> {
  await signIn(page);
  await selectPage(page, pageName);
  return apiSignInOn(request, pageName);
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

/** `signIn`, then `selectPage`: the browser on the page called `pageName`, its session (`sessionOf`). */
export async function browserOn(page: Page, pageName: string) {
  await signIn(page);
  await selectPage(page, pageName);
  return sessionOf(page);
}

/** Opens Chats from the sidebar and waits for its first conversation (the page sync brings them). */
export async function openChats(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Chats' }).first().click();
  await expect(page.getByTestId('conversation-row').first()).toBeVisible({ timeout: 60_000 });
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

// The emulator's control API (`/_emulator/...`): what the people and Meta's side do in a test, and what the
// platform received from the product.

/**
 * A call to the emulator's control API: POST when there is `data`, GET otherwise; `emulator` for another
 * emulator than this run's. Fails the test on any answer but 2xx; returns the answer's JSON.
 */
export async function emu<T = unknown>(
  request: APIRequestContext,
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; data?: unknown; emulator?: string } = {},
): Promise<T> {
  const method = options.method ?? (options.data === undefined ? 'GET' : 'POST');
  const res = await request.fetch(`${options.emulator ?? emulatorURL}${path}`, {
    method,
    ...(options.data === undefined ? {} : { data: options.data }),
  });
  if (!res.ok()) throw new Error(`emulator ${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The emulator's user called `name` (an admin of the demo world, say). */
export async function emulatorUser(
  request: APIRequestContext,
  name: string,
  emulator?: string,
): Promise<{ id: string; name: string; email: string | null }> {
  const { users } = await emu<{ users: Array<{ id: string; name: string; email: string | null }> }>(
    request,
    '/_emulator/state',
    { emulator },
  );
  const user = users.find((u) => u.name === name);
  if (!user) throw new Error(`No user called '${name}' in the emulator world`);
  return user;
}

/** What the product sent on the page, oldest first: the platform's side of every send. */
export async function outboxOf(request: APIRequestContext, pageId: string): Promise<OutboxEntry[]> {
  return (await emu<{ data: OutboxEntry[] }>(request, `/_emulator/pages/${pageId}/outbox`)).data;
}

/**
 * The contact writes to the page (`text`, or a whole message: attachments and all); the product hears of it
 * through the signed webhook that follows.
 */
export async function contactWrites(
  request: APIRequestContext,
  pageId: string,
  psid: string,
  message: string | { text?: string; attachments?: unknown[] },
): Promise<void> {
  await emu(request, `/_emulator/pages/${pageId}/contacts/${psid}/messages`, {
    data: typeof message === 'string' ? { text: message } : message,
  });
}

/** New contacts of the page: `count` of them, who last wrote `inboundAgoMs` ago. */
export async function addContacts(
  request: APIRequestContext,
  pageId: string,
  data: { count: number; inboundAgoMs: number },
): Promise<Array<{ psid: string; name: string }>> {
  return (
    await emu<{ contacts: Array<{ psid: string; name: string }> }>(
      request,
      `/_emulator/pages/${pageId}/contacts`,
      { data },
    )
  ).contacts;
}

/**
 * `addContacts`, then page syncs until the API knows every one of them (their conversation answers);
 * returns their psids.
 */
export async function syncedContacts(
  request: APIRequestContext,
  session: Pick<ApiSession, 'headers'>,
  pageId: string,
  data: { count: number; inboundAgoMs: number },
): Promise<string[]> {
  const psids = (await addContacts(request, pageId, data)).map((c) => c.psid);
  const api = apiClient(request, { baseUrl: apiBase, headers: session.headers });
  await expect
    .poll(
      async () => {
        await api.pages.syncPage({ params: { pageId }, body: {} });
        for (const userId of psids) {
          const res = await api.inbox.getConversation({ params: { pageId, userId } });
          if (res.status !== 200) return false;
        }
        return true;
      },
      { timeout: 90_000, intervals: [3000] },
    )
    .toBe(true);
  return psids;
}

/** Changes how the emulator behaves (latency, the platform's rate limits) from now on. */
export async function setBehaviour(
  request: APIRequestContext,
  behaviour: Partial<Behaviour>,
): Promise<void> {
  await emu(request, '/_emulator/behaviour', { method: 'PUT', data: behaviour });
}
