// API keys as a developer meets them (issue #43): made on Account, the key copied once, then used as a plain
// Bearer header (what curl sends): on its page it works, another page is 404, a scope it lacks is 403, the key
// routes refuse it; revoked on Account, it is refused. Its admin then loses the page on Facebook: the key loses
// it too, within a minute, as the admin's sessions do. An admin of its own (a fresh emulator user and page), so
// the demo world the other suites share keeps its roles.
import { API_KEY_MESSAGES } from '@pagecast/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL, DEMO_PAGES, emu, present, selectPage, signIn } from './fixtures';

const OWNER = 'Keys Owner';
const PAGE = 'Keys Test Shop';

/** What `curl -H 'Authorization: Bearer pck_…' <url>` gets back. */
async function curl(
  request: APIRequestContext,
  key: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
) {
  const res = await request.fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}` },
    ...(data === undefined ? {} : { data }),
  });
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> };
}

test('a key made on Account works on its page only, within its scopes, until revoked or the page is lost', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await emu<{ id: string }>(request, '/_emulator/users', { data: { name: OWNER } });
  const shop = await emu<{ id: string }>(request, '/_emulator/pages', {
    data: { ownerId: owner.id, name: PAGE, contacts: 3 },
  });
  const books = present(
    (
      await emu<{ pages: Array<{ id: string; name: string }> }>(request, '/_emulator/state')
    ).pages.find((p) => p.name === DEMO_PAGES.books),
    'the second admin’s page',
  );

  await signIn(page, { userName: OWNER });
  await selectPage(page, PAGE);
  await page.goto('/dashboard/account');
  const card = page
    .getByRole('heading', { name: 'API keys' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await card.getByRole('button', { name: 'Create API key' }).click();
  await card.getByLabel('Name').fill('Shop orders sync');
  await card.getByRole('checkbox', { name: /^inbox:send/ }).check();
  await card.getByRole('button', { name: 'Create key' }).click();
  const shown = card.getByRole('textbox', { name: 'Copy your new key now' });
  await expect(shown).toBeVisible();
  const key = await shown.inputValue();
  expect(key).toMatch(/^pck_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: test.info().outputPath('api-key-created.png'), fullPage: true });
  await card.getByRole('button', { name: 'I have stored it' }).click();
  const listed = card.getByRole('list', { name: 'API keys' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(key.slice(0, 12));
  await expect(listed).not.toContainText(key);

  // curl-style, with nothing but the key.
  const list = () => curl(request, key, 'GET', `/api/v1/chats/${shop.id}/recipients`);
  // The page's first sync brings its 3 contacts.
  await expect
    .poll(async () => ((await list()).body.recipients as unknown[] | undefined)?.length)
    .toBe(3);
  const mine = await list();
  expect(await curl(request, key, 'GET', `/api/v1/chats/${books.id}/recipients`)).toEqual({
    status: 404,
    body: { message: 'Page not found' },
  });
  expect(
    await curl(request, key, 'POST', '/api/v1/tags', {
      pageId: shop.id,
      name: 'From the CRM',
      description: 'Made by a key',
    }),
  ).toEqual({ status: 403, body: { message: API_KEY_MESSAGES.missingScope('tags:write') } });
  expect(await curl(request, key, 'GET', '/api/v1/me/api-keys')).toEqual({
    status: 403,
    body: { message: API_KEY_MESSAGES.sessionOnly },
  });
  // The list shows its last use once it is refreshed.
  await page.reload();
  await expect(listed).toContainText('Last used');

  // A second key, revoked on Account: refused from then on.
  await card.getByRole('button', { name: 'Create API key' }).click();
  await card.getByLabel('Name').fill('Old script');
  await card.getByRole('button', { name: 'Create key' }).click();
  const second = await shown.inputValue();
  await card.getByRole('button', { name: 'I have stored it' }).click();
  expect((await curl(request, second, 'GET', `/api/v1/chats/${shop.id}/recipients`)).status).toBe(
    200,
  );
  const old = listed.filter({ hasText: 'Old script' });
  await old.getByRole('button', { name: 'Revoke' }).click();
  await old.getByRole('button', { name: 'Revoke key' }).click();
  await expect(listed).toHaveCount(1);
  expect(await curl(request, second, 'GET', `/api/v1/chats/${shop.id}/recipients`)).toEqual({
    status: 401,
    body: { message: API_KEY_MESSAGES.refused },
  });

  // On Facebook, the owner is removed from the page. The key's next reply is refused by Meta, which has
  // Pagecast re-read the admin's pages: from then on the page is gone for the key, within a minute.
  await emu(request, `/_emulator/pages/${shop.id}/roles/${owner.id}`, {
    method: 'PUT',
    data: { tasks: [] },
  });
  const psid = present(
    (mine.body.recipients as Array<{ id: string }>)[0]?.id,
    'a contact of the page',
  );
  const reply = await curl(request, key, 'POST', `/api/v1/chats/${shop.id}/user/${psid}/send`, {
    message: 'Your order has shipped',
  });
  expect(reply.status).toBeGreaterThanOrEqual(400);
  await expect
    .poll(
      async () => (await curl(request, key, 'GET', `/api/v1/chats/${shop.id}/recipients`)).status,
      {
        timeout: 60_000,
        intervals: [1000],
      },
    )
    .toBe(404);
});
