import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Serves the built SPA from WEB_DIST when it exists; returns whether it does. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    // The build writes .br and .gz beside each text asset (apps/web/build/precompress.ts): sent as the
    // client accepts them, with Vary: Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // Vite fingerprints /assets/*: cache them forever; everything else must revalidate.
      const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The public pages the web build prerendered into their own small entry (apps/web/build/prerender.ts):
  // pages/index.html is '/', pages/<name>.html is '/<name>'. Read from the build, so the paths are listed
  // once (apps/web/src/public/pages.tsx); a build without them leaves those paths to the SPA, which has
  // the same screens. ('/' needs a route either way: with `index: false` @fastify/static answers 403 for
  // the root directory itself.)
  const pagesDir = path.join(webDist, 'pages');
  const pages = fs.existsSync(pagesDir)
    ? fs.readdirSync(pagesDir).filter((f) => f.endsWith('.html'))
    : [];
  for (const file of pages) {
    const route = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
    app.get(route, (_request, reply) => sendHtml(reply, `pages/${file}`));
  }
  if (!pages.includes('index.html')) app.get('/', (_request, reply) => sendSpaIndex(reply));
  return true;
}

function sendHtml(reply: FastifyReply, file: string) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);
}

/**
 * SPA deep links: a GET outside /api gets index.html so the client router takes over. A browser says
 * text/html; a client that accepts any type (or sends no Accept: link checkers, Meta following the
 * deletion-status URL) gets the page too, unless the path names a file (a missing asset stays a 404).
 */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '';
  if (url === '/api' || url.startsWith('/api/')) return false;
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  const anything = accept.trim() === '' || accept.includes('*/*');
  return anything && !/\.[A-Za-z0-9]+$/.test(url.slice(url.lastIndexOf('/') + 1));
}

export function sendSpaIndex(reply: FastifyReply) {
  return sendHtml(reply, 'index.html');
}

/**
 * GET /config.js: the web app's runtime settings, so one build runs against the emulator or Facebook
 * (apps/web/src/lib/env.ts reads window.__PAGECAST_CONFIG__). Only public values belong here.
 */
export function registerRuntimeConfig(app: FastifyInstance, config: Config): void {
  const body = `window.__PAGECAST_CONFIG__ = ${JSON.stringify({
    fbAppId: config.fbAppId,
    fbSdkUrl: config.fbSdkUrl,
    graphApiVersion: config.graphApiVersion,
    supportUrl: config.supportUrl,
    features: config.features,
  })};\n`;
  app.get('/config.js', async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/javascript; charset=utf-8')
      .send(body),
  );
}
