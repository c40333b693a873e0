import { expect, test } from '@playwright/test';

test.describe('public pages', () => {
  test('landing page: hero, features, pricing, footer links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Message Scheduling Got Easy' })).toBeVisible();
    await expect(page.getByText('Your Bulk Messaging App').first()).toBeVisible();
    for (const title of [
      'Bulk Scheduling',
      'Page Management',
      'User Tagging',
      'Advanced Analytics',
      'Audience Segmentation',
      'Message Templates',
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.locator('#pricing')).toContainText('$20');
    for (const anchor of ['#features', '#demo', '#pricing']) {
      await expect(page.locator(`a[href="${anchor}"]`).first()).toBeVisible();
    }
    await expect(page.locator('a[href="/terms-and-conditions"]').first()).toBeVisible();
    await expect(page.locator('a[href="/privacy-policy"]').first()).toBeVisible();
    await expect(page.locator('a[href="/revoke-access"]').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/landing.png', fullPage: true });
  });

  test('privacy policy, terms and revoke access', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('10-April-2025')).toBeVisible();
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('10-April-2025')).toBeVisible();
    await page.goto('/revoke-access');
    await expect(page.getByRole('button', { name: 'Relogin For Data Deletion' })).toBeVisible();
  });

  test("the public pages come prerendered, with a small entry of their own and not the app's", async ({
    browser,
    page,
  }) => {
    // Without JavaScript the page is all there, styles and title included: a phone paints it from the HTML.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    for (const [path, heading, title] of [
      ['/', 'Message Scheduling Got Easy', 'Pagecast — Your Bulk Messaging App'],
      ['/privacy-policy', 'Privacy Policy', 'Privacy Policy — Pagecast'],
      ['/terms-and-conditions', 'Terms of Service', 'Terms of Service — Pagecast'],
    ] as const) {
      await bare.goto(path);
      await expect(bare.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(bare).toHaveTitle(title);
    }
    // Until the script takes over, the login buttons say they cannot be used yet.
    await bare.goto('/');
    await expect(bare.getByRole('button', { name: 'Login with Facebook' }).first()).toBeDisabled();
    await noScript.close();

    // With JavaScript: the landing page's scripts are the public entry's, never the app's router.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Login with Facebook' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /\/assets\/public-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/(app|useMatch|useNavigate)-/.test(s))).toEqual([]);
  });

  test('footer links navigate', async ({ page }) => {
    await page.goto('/');
    await page.locator('footer a[href="/privacy-policy"]').click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });
});

test.describe('guards and fallbacks', () => {
  test('/select and /dashboard without a token redirect to /', async ({ page }) => {
    await page.goto('/select');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/chats');
    await expect(page).toHaveURL(/\/$/);
  });

  test('/dashboard signed in but with no selected page redirects to /select', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem(
        'pagecast.admin.user',
        JSON.stringify({
          userId: '1',
          name: 'Guard Test',
          email: null,
          profilePic: null,
          role: 'admin',
        }),
      );
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/select$/);
  });

  test('an unknown route renders a 404 page with a link home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the API answers JSON 404 for unknown API routes and serves its docs', async ({
    request,
  }) => {
    const res = await request.get('/api/v1/nope');
    expect(res.status()).toBe(404);
    expect(await res.json()).toHaveProperty('message');
    const docs = await request.get('/api/openapi.json');
    expect(docs.ok()).toBe(true);
    const spec = await docs.json();
    expect(Object.keys(spec.paths)).toContain('/api/v1/campaigns/create');
  });
});
