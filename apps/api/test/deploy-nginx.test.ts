// The production shape's web server (deploy/nginx/docker.conf, as docker-compose runs it), with Debian's real nginx
// in front of a real API process in production mode: every answer carries the security headers, whichever
// of the two gave it, and none twice. `node scripts/ensure-debian-packages.mjs nginx` installs nginx.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.js';
import { freePort } from '../src/db/embedded.js';
import { createTestApp, type TestApp } from './helpers/app.js';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const INLINE_SCRIPT = "document.documentElement.dataset.theme='light';";

let dir: string;
let api: TestApp;
let nginx: ChildProcess | undefined;
let base: string;
let apiPort: number;
/** An asset large enough to be worth compressing. */
const BIG_ASSET = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

/** deploy/nginx/docker.conf inside a complete nginx.conf, pointed at this test's API, port and files. */
function nginxConfig(apiPort: number, port: number): string {
  const site = fs
    .readFileSync(path.join(REPO_ROOT, 'deploy/nginx/docker.conf'), 'utf8')
    .replace('server api:3000;', `server 127.0.0.1:${apiPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${path.join(dir, 'html')};`)
    .replace('/var/log/nginx/access.log', path.join(dir, 'access.log'));
  const asRoot = process.getuid?.() === 0 ? 'user root;' : '';
  return `${asRoot}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  include mime.types;
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
${site}
}
`;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-nginx-'));
  const html = path.join(dir, 'html');
  fs.mkdirSync(path.join(html, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'conf', 'snippets'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  fs.writeFileSync(path.join(html, 'assets', 'app-1234.js'), 'console.log("app");\n');
  // The build's precompressed copies of a larger asset (apps/web/build/precompress.ts).
  fs.writeFileSync(path.join(html, 'assets', 'big-1234.js'), BIG_ASSET);
  fs.writeFileSync(path.join(html, 'assets', 'big-1234.js.gz'), gzipSync(BIG_ASSET));
  fs.writeFileSync(path.join(html, 'assets', 'big-1234.js.br'), brotliCompressSync(BIG_ASSET));
  fs.writeFileSync(
    path.join(html, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
  );
  // The API serves the same build (docker-compose: the runtime image holds it at WEB_DIST).
  api = await createTestApp({ env: { NODE_ENV: 'production', WEB_DIST: html } });
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  apiPort = (api.app.server.address() as AddressInfo).port;

  const port = await freePort(30_000 + Math.floor(Math.random() * 5000));
  base = `http://127.0.0.1:${port}`;
  fs.copyFileSync('/etc/nginx/mime.types', path.join(dir, 'conf', 'mime.types'));
  for (const [from, to] of <Array<[string, string]>>[
    ['security-headers.conf', 'pagecast-security-headers.conf'],
    ['pagecast-server.conf', 'pagecast-server.conf'],
    ['log-format.conf', 'pagecast-log-format.conf'],
  ])
    fs.copyFileSync(
      path.join(REPO_ROOT, 'deploy/nginx', from),
      path.join(dir, 'conf', 'snippets', to),
    );
  const conf = path.join(dir, 'conf', 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(apiPort, port));
  // Users other than root's workers must read the files (nginx's workers may drop privileges).
  fs.chmodSync(dir, 0o755);

  await promisify(execFile)(NGINX, ['-t', '-p', dir, '-c', conf]);
  nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/assets/app-1234.js`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
}, 60_000);

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  await api?.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The headers every answer must carry, each exactly once (a second copy would be comma-joined). */
function expectSecurityHeaders(res: Response): void {
  const h = res.headers;
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(h.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  expect(h.get('referrer-policy')).toBe('no-referrer');
  expect(h.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
  expect(h.get('content-security-policy')).not.toMatch(/,/);
  expect(h.get('server')).not.toMatch(/\d/); // no version to fingerprint
}

describe('production web server (deploy/nginx/docker.conf)', () => {
  it('sends the precompressed copies: gzip from nginx, brotli or gzip from the API, the file itself otherwise', async () => {
    const viaNginx = await fetch(`${base}/assets/big-1234.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(viaNginx.headers.get('content-encoding')).toBe('gzip');
    expect(await viaNginx.text()).toBe(BIG_ASSET);
    expect(viaNginx.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const api = `http://127.0.0.1:${apiPort}/assets/big-1234.js`;
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await fetch(api, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary') ?? '').toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(BIG_ASSET);
    }
    const raw = await fetch(api, { headers: { 'accept-encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(BIG_ASSET);
  });

  it('serves hashed assets itself, cached for a year, with the security headers', async () => {
    const res = await fetch(`${base}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res);
    const missing = await fetch(`${base}/assets/nope.js`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
    // A missing asset is not cached for a year: after a deploy it may exist.
    expect(missing.headers.get('cache-control')).toBeNull();
  });

  it('HTML documents come from the API with its CSP, which allows the inline script by hash only', async () => {
    for (const url of ['/', '/dashboard/chats', '/privacy-policy']) {
      const res = await fetch(`${base}${url}`, { headers: { accept: 'text/html' } });
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expectSecurityHeaders(res);
      const csp = res.headers.get('content-security-policy') ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(csp).not.toMatch(/default-src 'none'/); // nginx's own policy was not added on top
    }
  });

  it('API answers pass through with the headers once', async () => {
    const res = await fetch(`${base}/api/v1/pages`);
    expect(res.status).toBe(401);
    expectSecurityHeaders(res);
  });

  it("nginx's own 413 carries the headers and the API's JSON message", async () => {
    const res = await fetch(`${base}/api/v1/campaigns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expectSecurityHeaders(res);
    expect(await res.json()).toEqual({ message: 'Request body is too large' });
  });

  it('the access log never holds a query string: the webhook verify token stays out', async () => {
    const token = 'verify-token-that-must-not-be-logged';
    await fetch(
      `${base}/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1`,
    );
    const log = path.join(dir, 'access.log');
    const logged = await waitForLine(log, '/api/webhooks/messenger');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('hub.');
  });

  it('with no API to answer: a 503 with Retry-After and the headers, not a bare 502', async () => {
    await api.app.close();
    const res = await fetch(`${base}/dashboard/chats`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expectSecurityHeaders(res);
  });
});

/** nginx writes its access log after the answer: waits for a line that names `path`. */
async function waitForLine(file: string, needle: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (text.includes(needle)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no access log line for ${needle}`);
}
