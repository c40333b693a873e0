// Outbound webhooks as a developer meets them (issue #43): Settings → 'Webhooks' on the page, an endpoint of
// their own (here an HTTP receiver in this spec, on 127.0.0.1: development takes http), the secret read once,
// 'Send test event' delivered and signed with that secret (Pagecast-Signature: t=…,v1=HMAC-SHA256 hex of
// "<t>.<raw body>"); an endpoint answering 500 shows 'Retrying' with the try in the log, and 'Replay' once it
// is fixed succeeds with the same event id. An admin and a page of its own, so the shared demo world is kept.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_EVENT_TYPE, WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from '@pagecast/contract';
import { expect, test } from '@playwright/test';
import { emu, selectPage, signIn } from './fixtures';
import { seriousAxeViolations } from './ux-routes';

const OWNER = 'Hooks Owner';
const PAGE = 'Hooks Test Shop';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A receiver: records each request's headers and raw body, and answers `status` (changeable). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: true, status: state.status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a request's signature header carries a v1 that is the HMAC of "<t>.<raw>" under `secret`. */
function verifies(header: string | undefined, raw: string, secret: string): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${raw}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const got = Buffer.from(v, 'hex');
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
}

test('a webhook added on Settings → Webhooks gets a signed test event, retries a 500, and replays', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const owner = await emu<{ id: string }>(request, '/_emulator/users', { data: { name: OWNER } });
    await emu(request, '/_emulator/pages', {
      data: { ownerId: owner.id, name: PAGE, contacts: 1 },
    });
    await signIn(page, { userName: OWNER });
    await selectPage(page, PAGE);

    // The sidebar's Settings group leads there.
    await page
      .getByRole('group', { name: 'Settings' })
      .getByRole('link', { name: 'Webhooks' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
    await page.screenshot({ path: '/tmp/webhooks-empty.png', fullPage: true });

    // Add: a wrong URL is refused inline with the contract's words, then the receiver's URL is taken.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    const url = form.getByLabel('Endpoint URL');
    await url.fill('receiver.example');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText(WEBHOOK_MESSAGES.urlInvalid)).toBeVisible();
    await url.fill(receiver.url('/ok'));
    await page.screenshot({ path: '/tmp/webhooks-add.png', fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Add webhook' }).click();

    // The secret, shown once: read from the field (nothing copied).
    const shown = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    await expect(shown).toContainText('You will not see it again.');
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await page.screenshot({ path: '/tmp/webhooks-secret.png', fullPage: true });
    await shown.getByRole('button', { name: 'I have stored it' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const list = page.getByRole('list', { name: "The page's webhooks" });
    const item = list.getByRole('listitem').filter({ hasText: receiver.url('/ok') });
    await expect(item).toContainText('Active');

    // 'Send test event': the log opens, the delivery succeeds, the receiver has a body the secret verifies.
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(WEBHOOK_MESSAGES.testQueued)).toBeVisible();
    const log = item.getByRole('list', { name: 'Delivery log' });
    const first = log.getByRole('listitem').first();
    await expect(first).toContainText('Succeeded', { timeout: 30_000 });
    await expect(first).toContainText(TEST_EVENT_TYPE);
    await expect(first).toContainText('200');
    expect(receiver.received).toHaveLength(1);
    const test1 = receiver.received[0];
    if (!test1) throw new Error('no delivery received');
    const header = test1.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    expect(typeof header).toBe('string');
    expect(header as string).toMatch(/^t=\d+,v1=[0-9a-f]{64}/);
    expect(verifies(header as string, test1.raw, secret)).toBe(true);
    expect(verifies(header as string, test1.raw, secret + 'x')).toBe(false);
    const body = JSON.parse(test1.raw) as { id: string; type: string };
    expect(body.type).toBe(TEST_EVENT_TYPE);
    await first.getByRole('button', { name: 'Details' }).click();
    await expect(first).toContainText(body.id);
    await expect(first.locator('pre')).toContainText('"received":true');
    await page.screenshot({ path: '/tmp/webhooks-delivered.png', fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    // On a phone the endpoint and its log reflow without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({ path: '/tmp/webhooks-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    // The endpoint breaks: the next test is retried, its failed try in the log.
    receiver.state.status = 500;
    await item.getByRole('button', { name: 'Send test event' }).click();
    const failing = log.getByRole('listitem').first();
    await expect(failing).toContainText('Retrying', { timeout: 30_000 });
    await expect(failing).toContainText('500');
    await failing.getByRole('button', { name: 'Details' }).click();
    await expect(failing.getByRole('list', { name: 'Attempts' })).toContainText('HTTP 500');
    await page.screenshot({ path: '/tmp/webhooks-retrying.png', fullPage: true });
    expect(receiver.received).toHaveLength(2);
    const failedId = (JSON.parse(receiver.received[1]?.raw ?? '{}') as { id: string }).id;
    expect(failedId).not.toBe(body.id);

    // Fixed, then replayed: it succeeds, with the same event id.
    receiver.state.status = 200;
    await failing.getByRole('button', { name: 'Replay' }).click();
    await expect(page.getByText(WEBHOOK_MESSAGES.replayQueued)).toBeVisible();
    await expect(failing).toContainText('Succeeded', { timeout: 30_000 });
    const last = receiver.received.at(-1);
    expect((JSON.parse(last?.raw ?? '{}') as { id: string }).id).toBe(failedId);
    expect(
      verifies(
        last?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string,
        last?.raw ?? '',
        secret,
      ),
    ).toBe(true);
    await page.screenshot({ path: '/tmp/webhooks-replayed.png', fullPage: true });

    // Rotate: confirmed, the new secret shown once; the next delivery is signed with both for 24 hours.
    await item.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(rotate).toContainText('The old secret keeps working for 24 hours');
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    const newSecret = await rotated.getByLabel('Signing secret').inputValue();
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'I have stored it' }).click();
    await expect(item).toContainText('The previous secret also signs deliveries until');
    const before = receiver.received.length;
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(before + 1);
    const signedTwice = receiver.received.at(-1);
    const both = signedTwice?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(both.match(/v1=/g)).toHaveLength(2);
    expect(verifies(both, signedTwice?.raw ?? '', newSecret)).toBe(true);
    expect(verifies(both, signedTwice?.raw ?? '', secret)).toBe(true);

    // Delete, confirmed: the page has none again.
    await item.getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await del.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText(WEBHOOK_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByText('No webhooks yet')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
