// temp helper (not committed): slices tall screenshots into viewable pieces
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
const [, , sliceH, ...files] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const f of files) {
  const buf = readFileSync(f);
  const w = buf.readUInt32BE(16), h = buf.readUInt32BE(20);
  await page.setViewportSize({ width: w, height: Math.min(h, 16000) });
  await page.setContent(`<body style="margin:0"><img id=i src="data:image/png;base64,${buf.toString('base64')}"></body>`);
  await page.waitForFunction(() => document.getElementById('i').complete);
  const step = Number(sliceH);
  for (let y = 0, n = 0; y < h; y += step, n++) {
    await page.screenshot({ path: `/tmp/c-crops/${basename(f, '.png')}-${n}.png`, clip: { x: 0, y, width: w, height: Math.min(step, h - y) }, fullPage: true });
  }
}
await browser.close();
