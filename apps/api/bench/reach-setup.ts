// The mixed-path audience of the dispatch benchmark (bench/dispatch.ts, "Reach"): one page whose contacts
// split across the send paths of docs/campaigns.md — inside the 24-hour window (standard), outside it and
// subscribed to marketing messages (marketing, paid), outside and not subscribed (the utility template) —
// set up as the product would find it: an approved template and an ad account at the emulator, the
// subscriptions' tokens from the emulator's opt-in, the same rows in the database.
import type pg from 'pg';
import { must } from '../test/support/assert.js';
import { emu } from '../test/support/emulator-control.js';

export interface MixedShares {
  /** Share of contacts inside the window. */
  inside: number;
  /** Share of contacts outside the window who are subscribed. */
  subscribed: number;
}

export interface MixedSetup {
  /** Columns of the campaign row that make it send these paths. */
  campaign: Record<string, unknown>;
  counts: { standard: number; marketing: number; utility: number };
}

/** Splits the page's contacts by a stable hash of their PSID, and prepares template, ad account, tokens. */
export async function prepareMixedAudience(
  pool: pg.Pool,
  emulatorUrl: string,
  page: {
    uuid: string;
    fbId: string;
    token: string;
    psids: string[];
    ownerFbId: string;
    /** The owner's user token: Meta's message campaign is made with it, not the page's. */
    userToken: string;
  },
  shares: MixedShares,
): Promise<MixedSetup> {
  const bucket = (psid: string) => {
    let h = 0;
    for (const ch of psid) h = (h * 31 + ch.charCodeAt(0)) % 1000;
    return h / 1000;
  };
  const inside = page.psids.filter((p) => bucket(p) < shares.inside);
  const outside = page.psids.filter((p) => bucket(p) >= shares.inside);
  const subscribed = outside.filter(
    (p) => (bucket(p) - shares.inside) / (1 - shares.inside) < shares.subscribed,
  );
  await pool.query(
    `update contacts set last_inbound_at = now() - interval '3 days', first_name = 'Alex'
     where page_id = $1 and psid = any($2::text[])`,
    [page.uuid, outside],
  );

  // The utility template, approved at creation (templateApprovalMs 0), in the emulator and the database.
  const graph = (path: string, body: unknown) =>
    emu<{ id: string }>(emulatorUrl, `/v25.0/${path}?access_token=${page.token}`, body);
  const made = await graph(`${page.fbId}/message_templates`, {
    name: 'bench_order_update',
    language: 'en_US',
    category: 'UTILITY',
    parameter_format: 'NAMED',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{first_name}}, your order is ready.',
        example: { body_text_named_params: [{ param_name: 'first_name', example: 'Alex' }] },
      },
    ],
  });
  const template = await pool.query<{ id: string }>(
    `insert into message_templates (page_id, fb_template_id, name, language, body, params, status)
     values ($1, $2, 'bench_order_update', 'en_US', 'Hi {{first_name}}, your order is ready.',
             '{first_name}', 'approved') returning id`,
    [page.uuid, made.id],
  );

  // Marketing: the owner's ad account, the subscribers' tokens (their opt-in), Meta's message campaign.
  const account = await emu<{ id: string }>(emulatorUrl, '/_emulator/ad-accounts', {
    userId: page.ownerFbId,
  });
  await pool.query(
    'update pages set marketing_ad_account_id = $2, marketing_ad_account_name = $3 where id = $1',
    [page.uuid, account.id, 'Bench Ads'],
  );
  const tokens: Array<{ psid: string; token: string }> = [];
  for (let i = 0; i < subscribed.length; i += 32) {
    const group = subscribed.slice(i, i + 32);
    tokens.push(
      ...(await Promise.all(
        group.map(async (psid) => ({
          psid,
          token: (
            await emu<{ token: string }>(
              emulatorUrl,
              `/_emulator/pages/${page.fbId}/contacts/${psid}/optin`,
              { notify: false },
            )
          ).token,
        })),
      )),
    );
  }
  await pool.query(
    `insert into marketing_subscriptions (page_id, contact_id, token, status, title)
     select $1, c.id, t.token, 'subscribed', 'Updates and promotions'
     from unnest($2::text[], $3::text[]) as t(psid, token) join contacts c on c.page_id = $1 and c.psid = t.psid`,
    [page.uuid, tokens.map((t) => t.psid), tokens.map((t) => t.token)],
  );
  const messageCampaign = await emu<{ id: string }>(
    emulatorUrl,
    `/v25.0/${account.id}/message_campaign?access_token=${page.userToken}`,
    {
      name: 'Bench mixed',
      page_id: page.fbId,
    },
  );
  return {
    campaign: {
      template_id: must(template.rows[0]).id,
      template_name: 'bench_order_update',
      template_language: 'en_US',
      template_params: JSON.stringify({ first_name: { source: 'first_name' } }),
      marketing: true,
      marketing_campaign_id: messageCampaign.id,
      marketing_ready_at: new Date(),
    },
    counts: {
      standard: inside.length,
      marketing: subscribed.length,
      utility: outside.length - subscribed.length,
    },
  };
}
