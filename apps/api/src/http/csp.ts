import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * CSP hashes of the inline scripts in WEB_DIST/index.html (e.g. the theme script that runs before first
 * paint), so script-src can stay without 'unsafe-inline'.
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = m[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

const origin = (url: string | undefined) => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * Where Meta serves what contacts send (photos, stickers, voice, video, files) and profile pictures: its CDN
 * hosts, e.g. `scontent.xx.fbcdn.net`, `cdn.fbsbx.com`, `lookaside.fbsbx.com` (guess: Meta documents no list;
 * these are the hosts its attachment and picture URLs carry). Any other host is not loaded by the app.
 */
export const META_MEDIA_HOSTS = ['https://*.fbcdn.net', 'https://*.fbsbx.com'];

/**
 * Where images and media may come from besides the app itself: the Graph API's origin (the emulator serves
 * its files there in development) and, in production, Meta's CDN. The CSP's img-src and media-src, and the
 * hosts whose attachment URLs the inbox stores as links (modules/inbox/attachments.ts): one list for both.
 */
export function mediaOrigins(config: Pick<Config, 'graphApiUrl' | 'isProduction'>): string[] {
  return [...origin(config.graphApiUrl), ...(config.isProduction ? META_MEDIA_HOSTS : [])];
}

/**
 * helmet CSP directives: the app's own scripts plus the login SDK's origin, and the Graph API (or the
 * emulator) for connect/img/frame. In production the real SDK and dialogs come from Facebook, and images and
 * media only from Meta's CDN: never `https:` at large, so a link a contact manages to get shown cannot make
 * the browser fetch (and tell) a host of their choosing.
 */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []) {
  const sdk = origin(config.fbSdkUrl);
  const graph = origin(config.graphApiUrl);
  const facebook = config.isProduction
    ? ['https://connect.facebook.net', 'https://www.facebook.com', 'https://web.facebook.com']
    : [];
  const media = mediaOrigins(config);
  const unique = (...lists: string[][]) => [...new Set(["'self'", ...lists.flat()])];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(
      sdk,
      config.isProduction ? ['https://connect.facebook.net'] : [],
      scriptHashes,
    ),
    connectSrc: unique(graph, sdk, config.isProduction ? ['https://graph.facebook.com'] : []),
    imgSrc: unique(media, sdk, ['data:']),
    // Voice messages and videos contacts send play from Meta's CDN, or the emulator's (its graph origin).
    mediaSrc: unique(media),
    frameSrc: unique(sdk, facebook),
    styleSrc: ["'self'", "'unsafe-inline'"],
    formAction: unique(sdk, facebook),
    // Plain http (localhost, docker) must keep working outside production.
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}
