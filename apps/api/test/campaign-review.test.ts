// The campaign message as each recipient reads it (docs/campaigns.md "Personal messages"): `{first_name}` and
// `{last_name}` filled per recipient at send time from the synced contacts, with a fallback; an unknown
// placeholder refused at creation. Over HTTP against a real Postgres, pg-boss, the campaign worker and the
// emulator.
import { PLACEHOLDER_MESSAGES } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignWorld, type CampaignWorld } from './fixtures/campaign-world.js';
import { must } from './support/assert.js';
import { bodyOf } from './support/client.js';
import { waitFor } from './support/wait.js';

let w: CampaignWorld;

beforeAll(async () => {
  w = await createCampaignWorld();
  await w.startWorker();
});
afterAll(async () => {
  await w?.close();
});

const campaignBody = (fbPageId: string, msg: string) => ({
  name: 'Personal offer',
  description: 'Placeholders',
  pageId: fbPageId,
  tagId: null,
  time: new Date().toISOString(),
  sendNow: true,
  type: 'ACCOUNT_UPDATE' as const,
  msg,
});

describe('placeholders', () => {
  it('each contact reads their own name; without a first name, the fallback', async () => {
    const page = await w.createPage({ inside: 3, outside: 0 });
    const [nameless, ...named] = page.contacts.map((c) => c);
    await w.pool.query('update contacts set first_name = null where id = $1', [
      must(nameless).uuid,
    ]);
    const names = new Map(
      (
        await w.pool.query<{ psid: string; first_name: string | null; last_name: string }>(
          'select psid, first_name, last_name from contacts where page_id = $1',
          [page.uuid],
        )
      ).rows.map((r) => [r.psid, r]),
    );
    await w.createCampaignNow(page.fbPageId, 'Hi {first_name|friend} {last_name}, 20% off today');
    const outbox = await waitFor(async () => {
      const sent = await w.outbox(page.fbPageId);
      return sent.length === 3 && sent;
    });
    for (const c of named) {
      const row = must(names.get(c.psid));
      const entry = must(outbox.find((o) => o.recipient === c.psid));
      expect(entry.text).toBe(`Hi ${row.first_name} ${row.last_name}, 20% off today`);
    }
    const row = must(names.get(must(nameless).psid));
    expect(must(outbox.find((o) => o.recipient === must(nameless).psid)).text).toBe(
      `Hi friend ${row.last_name}, 20% off today`,
    );
  });

  it('an unknown placeholder is refused with the rule, and nothing is stored', async () => {
    const page = await w.createPage({ inside: 1, outside: 0 });
    const res = await w.client.campaigns.createCampaign({
      body: campaignBody(page.fbPageId, 'Your order {order_ref} is ready'),
    });
    expect(bodyOf(res, 400).fieldErrors?.['msg']).toEqual([
      PLACEHOLDER_MESSAGES.unknown(['{order_ref}']),
    ]);
    const { rows } = await w.pool.query(
      'select 1 from campaigns c join pages p on p.id = c.page_id where p.fb_page_id = $1',
      [page.fbPageId],
    );
    expect(rows).toHaveLength(0);
  });
});
