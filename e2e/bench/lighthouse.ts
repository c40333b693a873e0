/**
 * Lighthouse (npm, mobile preset: Moto G Power, slow 4G, 4× CPU slowdown, simulated) against the running
 * product in Debian's chromium, for the web bench (./web.ts). Public pages are measured as Lighthouse does by
 * default: storage and HTTP cache cleared before each run. A signed-in page needs its stored session, so it is
 * measured with storage kept (Lighthouse's --disable-storage-reset, the documented way to audit a page behind
 * a login), which keeps the HTTP cache of an earlier visit too: an admin coming back. The same page is also
 * measured with the HTTP cache cleared (first visit after a deploy), reported without a target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferBytes: number;
  requests: number;
}

export interface LighthouseTarget {
  url: string;
  /** localStorage items set on the origin first (a signed-in admin). */
  storage?: Record<string, string>;
  /** Cookies set first (the signed-in admin's session cookies, see web.ts#browserCookies). */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
  /** With storage: clear the HTTP cache before the run (a first visit). */
  coldCache?: boolean;
}

const audit = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) =>
  lhr.audits[id]?.numericValue ?? Number.NaN;

/** One Lighthouse run of `target`; a run whose trace Lighthouse could not record (NO_NAVSTART and the
 *  like: it says to run again) is run again, twice at most. */
export async function lighthouseRun(
  target: LighthouseTarget,
  chromiumPath: string,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(target, chromiumPath);
    } catch (err) {
      if (attempt >= 3 || !/run Lighthouse again/i.test(String(err))) throw err;
    }
  }
}

/** One Lighthouse run of `target`, in a browser of its own (fresh profile). */
async function lighthouseOnce(
  target: LighthouseTarget,
  chromiumPath: string,
): Promise<LighthouseRun> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-lighthouse-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  let context: BrowserContext | undefined;
  try {
    // A persistent context: its pages live in the browser's default context, where Lighthouse opens its tab.
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-dev-shm-usage'],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    if (target.cookies) await context.addCookies(target.cookies);
    if (target.storage) {
      const origin = new URL(target.url).origin;
      await page.goto(`${origin}/privacy-policy`);
      await page.evaluate((items) => {
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      }, target.storage);
      // The visit before: what a returning admin's cache holds (the live stream never lets the network go
      // idle: a few seconds for the screen's requests and its lazy chunks).
      await page.goto(target.url);
      await page.waitForTimeout(3000);
      await page.goto('about:blank');
      if (target.coldCache) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
      }
    }
    const result = await lighthouse(target.url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: Boolean(target.storage),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const requests =
      (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items
        ?.length ?? 0;
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcpMs: audit(lhr, 'first-contentful-paint'),
      lcpMs: audit(lhr, 'largest-contentful-paint'),
      tbtMs: audit(lhr, 'total-blocking-time'),
      cls: audit(lhr, 'cumulative-layout-shift'),
      speedIndexMs: audit(lhr, 'speed-index'),
      transferBytes: audit(lhr, 'total-byte-weight'),
      requests,
    };
  } finally {
    await context?.close().catch(() => undefined);
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}
