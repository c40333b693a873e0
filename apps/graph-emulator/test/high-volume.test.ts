// Meta's high-volume mode (send/high-volume.ts) and the audio/video send limit. Arrival times are stamped with
// X-Request-Start (as the platform's edge would), and the mode's end is reached by moving the emulator's clock,
// so nothing here depends on how fast this machine sends.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, start } from './helpers.js';

describe("Meta's high-volume mode and the media send limit", () => {
  let emu: Emulator;
  let f: Awaited<ReturnType<typeof fixture>>;
  let base: number;

  /** A send that reached the platform at `at` (epoch ms). */
  const sendAt = (
    at: number,
    message: Record<string, unknown> = { text: 'Hello!' },
    psid?: string,
  ) =>
    http(`${emu.url}/v25.0/${f.page.id}/messages?access_token=${f.pageToken}`, {
      json: { recipient: { id: psid ?? f.psids[0] }, messaging_type: 'RESPONSE', message },
      headers: { 'x-request-start': `t=${at}` },
    });
  const listing = (query = '') =>
    http(`${emu.url}/v25.0/${f.page.id}/conversations?access_token=${f.pageToken}${query}`);
  const audio = { attachment: { type: 'audio', payload: { url: 'https://example.com/a.mp3' } } };

  beforeAll(async () => {
    emu = await start({ trustRequestStart: true });
  });
  afterAll(() => emu.close());
  beforeEach(async () => {
    await http(`${emu.url}/_emulator/reset`, { method: 'POST' });
    // The Conversations API's own 2/s is not what these tests look at.
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { conversationsPerSecond: 0 },
    });
    f = await fixture(emu, 3);
    // Arrival stamps a little in the past: the page is judged by them, the mode's end by the world clock.
    base = Date.now() - 5_000;
  });

  it('40 messages in a second leave the listing working; a 41st puts the page in the mode', async () => {
    for (let i = 0; i < 40; i++) expect((await sendAt(base + i)).status).toBe(200);
    expect((await listing()).status).toBe(200);
    // Still inside the first message's second: 41 in a sliding second.
    expect((await sendAt(base + 999)).status).toBe(200);
    const refused = await listing();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 613,
      message: '(#613) Calls to this api have exceeded the rate limit.',
      type: 'OAuthException',
      fbtrace_id: expect.any(String),
    });
    expect(
      JSON.parse(refused.headers.get('x-business-use-case-usage') ?? '{}')[f.page.id][0],
    ).toMatchObject({ type: 'messenger', call_count: 100 });
    // "You can still call a single conversation": by its id, and (guess) by the person's PSID.
    expect((await listing(`&user_id=${f.psids[0]}`)).status).toBe(200);
    expect(
      (await http(`${emu.url}/v25.0/t_${f.psids[0]}?access_token=${f.pageToken}`)).status,
    ).toBe(200);
    // The Send API keeps sending (guess: Meta documents no API effect).
    expect((await sendAt(base + 1_000)).status).toBe(200);
  });

  it('the mode ends highVolumeHoldMs after the last second over the threshold', async () => {
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { highVolumeHoldMs: 30_000 },
    });
    for (let i = 0; i < 41; i++) await sendAt(base + i);
    expect((await listing()).status).toBe(400);
    // The last message over the threshold was at base + 40: in the mode until base + 30,040.
    const now = Date.now();
    await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: base + 30_000 - now } });
    expect((await listing()).status).toBe(400);
    await http(`${emu.url}/_emulator/clock`, { json: { offsetMs: base + 30_041 - now } });
    expect((await listing()).status).toBe(200);
  });

  it('a steady 40 per second never enters the mode; highVolumePerSecond 0 turns it off', async () => {
    // 120 messages 25 ms apart: exactly 40 in every sliding second.
    for (let i = 0; i < 120; i++) expect((await sendAt(base + i * 25)).status).toBe(200);
    expect((await listing()).status).toBe(200);
    await http(`${emu.url}/_emulator/behaviour`, {
      method: 'PUT',
      json: { highVolumePerSecond: 0 },
    });
    for (let i = 0; i < 100; i++) await sendAt(base + 3_000 + i);
    expect((await listing()).status).toBe(200);
  });

  it('audio and video: 10 per page per sliding second between them, then 613; text and images go on', async () => {
    for (let i = 0; i < 5; i++) expect((await sendAt(base + i, audio)).status).toBe(200);
    const video = { attachment: { type: 'video', payload: { attachment_id: '9001' } } };
    for (let i = 5; i < 10; i++) expect((await sendAt(base + i, video)).status).toBe(200);
    const over = await sendAt(base + 500, audio);
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: 613 });
    const image = { attachment: { type: 'image', payload: { url: 'https://example.com/i.png' } } };
    expect((await sendAt(base + 500, image)).status).toBe(200);
    expect((await sendAt(base + 500)).status).toBe(200);
    // A second after the first: room again.
    expect((await sendAt(base + 1_000, audio)).status).toBe(200);
    const outbox = (await http(`${emu.url}/_emulator/pages/${f.page.id}/outbox`)).body.data;
    expect(outbox.filter((e: { attachment?: unknown }) => e.attachment)).toHaveLength(12);
    expect(outbox[0]).toMatchObject({
      text: '',
      attachment: { type: 'audio', url: 'https://example.com/a.mp3' },
    });
  });

  it('refuses an attachment without a media type or a source', async () => {
    const noSource = await sendAt(base, { attachment: { type: 'audio', payload: {} } });
    expect(noSource.body.error).toMatchObject({ code: 100 });
    const badType = await sendAt(base, { attachment: { type: 'hologram', payload: { url: 'x' } } });
    expect(badType.body.error).toMatchObject({ code: 100 });
  });
});
