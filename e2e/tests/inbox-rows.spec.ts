// The inbox's rows at the four widths people use (390, 768, 1280, 1366 px): after a long message, no row is
// wider than the list, every row's time lies inside it, and every row says its reply window in words.
import { expect, test, type Page } from '@playwright/test';
import { browserOn, contactWrites, DEMO_PAGES, openChats, present } from './fixtures';

const WIDTHS = [390, 768, 1280, 1366];
const LONG =
  'Hello! I would like to order three loaves of the sourdough for Saturday morning, and could you also tell me whether you still have the pumpkin bread, and whether there is parking nearby? Thanks a lot!';

async function checkRows(page: Page, width: number): Promise<void> {
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByTestId('conversation-row').first()).toBeVisible({ timeout: 60_000 });
  const report = await list.evaluate((ul) => {
    const box = ul.getBoundingClientRect();
    return [...ul.querySelectorAll<HTMLElement>('[data-testid="conversation-row"]')].map((row) => {
      const time = row.querySelector('time')?.getBoundingClientRect();
      const windowText = row.querySelector('[data-testid="row-window"]')?.textContent ?? '';
      return {
        name: row.querySelector('bdi')?.textContent ?? '',
        overflows: row.scrollWidth > row.clientWidth + 1,
        timeInside: !time || (time.left >= box.left - 1 && time.right <= box.right + 1),
        windowText,
      };
    });
  });
  expect(report.length, `rows at ${width}px`).toBeGreaterThan(0);
  for (const r of report) {
    expect(r.overflows, `${r.name} overflows at ${width}px`).toBe(false);
    expect(r.timeInside, `${r.name}'s time at ${width}px`).toBe(true);
    expect(r.windowText, `${r.name}'s window at ${width}px`).toMatch(
      /^(Reply by .+|Human agent until .+|Window closed)$/,
    );
  }
}

test('inbox rows fit at 390, 768, 1280 and 1366 px after a long message', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { headers, pageId } = await browserOn(page, DEMO_PAGES.bakery);
  await openChats(page);

  // A contact writes a long message: their row comes to the top with the long preview.
  const res = await request.get(`/api/v1/chats/${pageId}/recipients?limit=5`, { headers });
  const [contact] = ((await res.json()) as { recipients: Array<{ id: string; name: string }> })
    .recipients;
  expect(contact).toBeDefined();
  await contactWrites(request, pageId, present(contact, 'a contact').id, LONG);
  await expect(page.getByTestId('conversation-row').first()).toContainText(LONG.slice(0, 20), {
    timeout: 30_000,
  });

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await checkRows(page, width);
  }
});
