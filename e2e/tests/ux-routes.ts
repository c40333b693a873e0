// Shared by the experience specs (a11y, responsive, visual, keyboard): every route of the product, a signed-in
// storage state made once per spec file, and a "screen is ready" wait that relies on Playwright's auto-waiting.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PAGES, present, selectPage, signIn } from './fixtures';

export type Theme = 'light' | 'dark';
export const THEMES: Theme[] = ['light', 'dark'];
export const WIDTHS = [375, 768, 1366] as const;

export interface UxRoute {
  path: string;
  /** File-name friendly id. */
  name: string;
  signedIn: boolean;
}

export const UX_ROUTES: UxRoute[] = [
  { path: '/', name: 'landing', signedIn: false },
  { path: '/privacy-policy', name: 'privacy-policy', signedIn: false },
  { path: '/terms-and-conditions', name: 'terms', signedIn: false },
  { path: '/revoke-access', name: 'revoke-access', signedIn: false },
  { path: '/deletion-status/x', name: 'deletion-status', signedIn: false },
  { path: '/select', name: 'select', signedIn: true },
  { path: '/dashboard/home', name: 'home', signedIn: true },
  { path: '/dashboard/manage-tags', name: 'manage-tags', signedIn: true },
  { path: '/dashboard/chats', name: 'chats', signedIn: true },
  { path: '/dashboard/schedule', name: 'schedule', signedIn: true },
  { path: '/dashboard/templates', name: 'templates', signedIn: true },
  { path: '/dashboard/marketing', name: 'marketing', signedIn: true },
  { path: '/dashboard/analytics', name: 'analytics', signedIn: true },
  { path: '/dashboard/account', name: 'account', signedIn: true },
  { path: '/dashboard/webhooks', name: 'webhooks', signedIn: true },
];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let signedInState: StorageState | null = null;

/** Signs in through the UI once (Demo Admin, the bakery page selected) and keeps the storage state. */
/** The route called `name` (throws on a typo). */
export function uxRoute(name: string): UxRoute {
  return present(
    UX_ROUTES.find((r) => r.name === name),
    `UX route '${name}'`,
  );
}

export async function signedInStorage(browser: Browser): Promise<StorageState> {
  if (signedInState) return signedInState;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await selectPage(page, DEMO_PAGES.bakery);
  signedInState = await context.storageState();
  await context.close();
  return signedInState;
}

/** A fresh context in the given theme: the system preference (the default 'System' choice) decides. */
export async function themedContext(
  browser: Browser,
  opts: { theme: Theme; width: number; signedIn: boolean },
): Promise<BrowserContext> {
  const storageState = opts.signedIn ? await signedInStorage(browser) : undefined;
  return browser.newContext({
    storageState,
    colorScheme: opts.theme,
    viewport: { width: opts.width, height: opts.width < 768 ? 812 : 900 },
  });
}

/** Opens `route` and waits until its main heading shows and nothing in the main area is still loading. */
export async function openRoute(page: Page, route: UxRoute, theme: Theme): Promise<void> {
  await page.goto(route.path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main [role="status"]:visible')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('html')).toHaveClass(
    theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b).*$/,
  );
}

/**
 * axe-core (WCAG 2.1 A/AA and best practices) on the screen as it is: its serious and critical violations.
 * A toast caught fading in (e.g. 'Syncing page data...' when the sync request answers during the scan) reads
 * as low contrast mid-transition, so the page is switched to reduced motion first (sonner then shows toasts
 * at full opacity at once) and the scan starts once finite animations end. Endless ones (spinners) never
 * settle and are not waited for.
 */
export async function seriousAxeViolations(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}
