import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { http, start } from './helpers.js';

describe('scale: one page with 100,000 contacts', () => {
  let emu: Emulator;
  let page: { id: string; access_token: string; contacts: Array<{ psid: string }> };
  beforeAll(async () => {
    emu = await start({ behaviour: { conversationsPerSecond: 0 } });
    const user = (
      await http(`${emu.url}/_emulator/users`, { json: { name: 'Big Admin', longLived: true } })
    ).body;
    page = (
      await http(`${emu.url}/_emulator/pages`, {
        json: { ownerId: user.id, name: 'Huge Store', contacts: 100_000, messagesPerContact: 3 },
      })
    ).body;
  }, 60_000);
  afterAll(() => emu.close());

  it('seeds 100k unique contacts', () => {
    expect(page.contacts).toHaveLength(100_000);
    expect(new Set(page.contacts.map((c) => c.psid)).size).toBe(100_000);
  });

  it('pages through conversations with cursors (sample of pages, no duplicates)', async () => {
    const seen = new Set<string>();
    let url: string | undefined =
      `${emu.url}/v16.0/${page.id}/conversations?platform=messenger&limit=100&fields=id,updated_time&access_token=${page.access_token}`;
    for (let i = 0; i < 20 && url; i++) {
      const r = await http(url);
      expect(r.body.data).toHaveLength(100);
      for (const c of r.body.data) seen.add(c.id);
      url = r.body.paging.next;
    }
    expect(seen.size).toBe(2000);
    const last = await http(
      `${emu.url}/v16.0/${page.id}/conversations?limit=100&user_id=${page.contacts[99_999]?.psid}&access_token=${page.access_token}`,
    );
    expect(last.body.data).toHaveLength(1);
  });

  it('walks to the very end: next is absent on the last page', async () => {
    let url: string | undefined =
      `${emu.url}/v16.0/${page.id}/conversations?limit=100&fields=id&access_token=${page.access_token}`;
    let count = 0;
    let pages = 0;
    while (url) {
      const r = await http(url);
      count += r.body.data.length;
      pages++;
      url = r.body.paging?.next;
    }
    expect(count).toBe(100_000);
    expect(pages).toBe(1000);
  }, 120_000);
});
