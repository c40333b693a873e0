// The public pages' prerendering (build/prerender.ts): a real SSR build of src/public/render.tsx, rendered
// into a public.html template with the stylesheet inlined and each page's own title.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageFile, prerenderPages } from '../build/prerender';

const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('prerenderPages', () => {
  it('writes the landing page, privacy policy and terms with their text, title and inline CSS', async () => {
    mkdirSync(path.join(outDir, 'assets'));
    writeFileSync(path.join(outDir, 'assets', 'site-1.css'), 'body{color:red}');
    writeFileSync(
      path.join(outDir, 'public.html'),
      '<!doctype html><html><head><title>Pagecast</title>' +
        '<link rel="stylesheet" crossorigin href="/assets/site-1.css">' +
        '<script type="module" crossorigin src="/assets/public-1.js"></script></head>' +
        '<body><div id="root"></div></body></html>',
    );

    const written = await prerenderPages(root, outDir);

    expect(written.map((f) => path.relative(outDir, f))).toEqual([
      'pages/index.html',
      'pages/privacy-policy.html',
      'pages/terms-and-conditions.html',
    ]);
    const read = (p: string) => readFileSync(path.join(outDir, pageFile(p)), 'utf8');
    const landing = read('/');
    expect(landing).toContain('<title>Pagecast — Your Bulk Messaging App</title>');
    expect(landing).toContain('Your Bulk Messaging App');
    expect(landing).toContain('Login with Facebook');
    // A click on the static page would do nothing: its login buttons wait, disabled, for the script.
    const loginButtons =
      landing.match(/<button[^>]*>(?:(?!<\/button>)[\s\S])*Login with Facebook/g) ?? [];
    expect(loginButtons.length).toBeGreaterThan(0);
    for (const b of loginButtons) expect(b).toMatch(/^<button[^>]*\sdisabled/);
    expect(landing).toContain('<style>body{color:red}</style>');
    expect(landing).not.toContain('rel="stylesheet"');
    // The page's script still loads, to make the prerendered markup interactive.
    expect(landing).toContain('src="/assets/public-1.js"');
    const privacy = read('/privacy-policy');
    expect(privacy).toContain('<title>Privacy Policy — Pagecast</title>');
    expect(privacy).toMatch(/<h1[^>]*>Privacy Policy/);
    expect(read('/terms-and-conditions')).toContain('<title>Terms of Service — Pagecast</title>');
  }, 60_000);
});

describe('public.html', () => {
  it('is index.html with the public entry: the same head, so the CSP hash of its inline script holds', () => {
    // The API allows inline scripts by the hashes it reads from index.html (apps/api/src/http/csp.ts).
    const read = (f: string) => readFileSync(path.join(root, f), 'utf8');
    expect(read('public.html')).toBe(
      read('index.html').replace('src="/src/main.tsx"', 'src="/src/public/main.tsx"'),
    );
  });
});
