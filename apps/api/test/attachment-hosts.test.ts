// Attachment URLs are stored as links only for the hosts the CSP loads images and media from (Meta's CDN,
// and the Graph origin: the emulator's files in development). A URL of any other host — a forged or
// tampered delivery, a link Meta would never send — is kept as "Attachment from an unknown host", without
// its address, so the inbox never renders a stranger's URL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_MEDIA_HOSTS, mediaOrigins } from '../src/http/csp.js';
import {
  graphAttachments,
  mediaPolicyOf,
  mediaUrlPolicy,
  UNKNOWN_HOST_ATTACHMENT,
} from '../src/modules/inbox/attachments.js';
import { bodyOf } from './support/client.js';
import { type EmulatorPage } from './support/emulator.js';
import { waitFor } from './support/wait.js';
import { postWebhook } from './support/webhooks.js';
import {
  createWorld,
  newEmulatorAdmin,
  newEmulatorPage,
  type TestAdmin,
  type World,
} from './support/world.js';

let world: World;
let admin: TestAdmin;
let page: EmulatorPage & { uuid: string };

beforeAll(async () => {
  world = await createWorld();
  admin = await newEmulatorAdmin(world, 'Hosts Admin');
  page = await newEmulatorPage(world, admin, { name: 'Hosts Page', contacts: 1 });
});
afterAll(async () => {
  await world?.close();
});

const FBCDN = 'https://scontent.xx.fbcdn.net/v/t1.15752-9/photo.jpg?oh=1&oe=2';

describe('the media-host policy', () => {
  it('is the CSP media list: Meta CDN subdomains over https, the Graph origin, nothing else', () => {
    const production = { graphApiUrl: 'https://graph.facebook.com', isProduction: true };
    expect(mediaOrigins(production)).toEqual(['https://graph.facebook.com', ...META_MEDIA_HOSTS]);
    const allowed = mediaUrlPolicy(mediaOrigins(production));
    expect(allowed(FBCDN)).toBe(true);
    expect(allowed('https://cdn.fbsbx.com/v/file.pdf')).toBe(true);
    expect(allowed('https://graph.facebook.com/v25.0/123/picture')).toBe(true);
    for (const evil of [
      'https://evil.example/photo.jpg',
      'http://scontent.xx.fbcdn.net/photo.jpg', // plain http
      'https://fbcdn.net/photo.jpg', // the wildcard is for subdomains
      'https://fbcdn.net.evil.example/photo.jpg',
      'https://evilfbcdn.net/photo.jpg',
      'https://scontent.xx.fbcdn.net:8443/photo.jpg',
      'not a url',
    ])
      expect(allowed(evil), evil).toBe(false);
    // Development: the emulator's origin and Meta's CDN.
    const dev = mediaPolicyOf({ graphApiUrl: 'http://127.0.0.1:4010', isProduction: false });
    expect(dev('http://127.0.0.1:4010/_emulator/cdn/a.jpg')).toBe(true);
    expect(dev(FBCDN)).toBe(true);
    expect(dev('http://127.0.0.1:4011/_emulator/cdn/a.jpg')).toBe(false);
  });

  it('a Graph API message (history) keeps other hosts as non-links too', () => {
    const allowed = mediaUrlPolicy(META_MEDIA_HOSTS);
    expect(
      graphAttachments(
        {
          attachments: {
            data: [
              { mime_type: 'image/jpeg', image_data: { url: FBCDN } },
              { mime_type: 'application/pdf', name: 'a.pdf', file_url: 'https://evil.example/a' },
            ],
          },
          sticker: 'https://evil.example/sticker.png',
        },
        allowed,
      ),
    ).toEqual([
      { type: 'image', url: FBCDN, name: null },
      { type: 'file', url: null, name: UNKNOWN_HOST_ATTACHMENT },
      { type: 'sticker', url: null, name: UNKNOWN_HOST_ATTACHMENT },
    ]);
  });
});

describe('a signed webhook carrying an attachment from another host', () => {
  it('stores Meta-hosted files as links and the evil one as a non-link; the inbox shows no evil URL', async () => {
    const psid = page.contacts[0]?.psid as string;
    const emulatorFile = `${world.emulator.url.replace(/\/$/, '')}/_emulator/cdn/voice.mp4`;
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: page.id,
          time: Date.now(),
          messaging: [
            {
              sender: { id: psid },
              recipient: { id: page.id },
              timestamp: Date.now(),
              message: {
                mid: 'm_hosts_1',
                attachments: [
                  { type: 'image', payload: { url: FBCDN } },
                  { type: 'audio', payload: { url: emulatorFile } },
                  { type: 'image', payload: { url: 'https://evil.example/track.gif?who=admin' } },
                  { type: 'file', title: 'invoice.pdf', payload: { url: 'http://evil.example/x' } },
                ],
              },
            },
          ],
        },
      ],
    });
    // Hand-signed: the test chooses what a forged or tampered delivery would carry.
    expect((await postWebhook(world.app, world.config, body)).statusCode).toBe(200);
    await waitFor(async () => {
      const { rows } = await world.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from messages where mid = 'm_hosts_1'`,
      );
      return rows[0]?.n === 1;
    });
    const conv = await admin.client.inbox.getConversation({
      params: { pageId: page.id, userId: psid },
      query: { limit: 5 },
    });
    const message = bodyOf(conv, 200).messages.find((m) => m.id === 'm_hosts_1');
    expect(message?.attachments).toEqual([
      { type: 'image', url: FBCDN, name: null },
      { type: 'audio', url: emulatorFile, name: null },
      { type: 'image', url: null, name: UNKNOWN_HOST_ATTACHMENT },
      { type: 'file', url: null, name: UNKNOWN_HOST_ATTACHMENT },
    ]);
    const { rows } = await world.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where attachments::text like '%evil.example%'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
