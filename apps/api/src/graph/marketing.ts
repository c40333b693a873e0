// The Graph calls of marketing messages (Meta's Marketing Message API, 2026): the ad account a page is billed
// on, the page's subscription tokens, the opt-in request sent in a chat, and unsubscribing. Shapes as Meta
// documents them (the emulator answers the same paths). Kept beside client.ts, which holds the rest.
// Tokens as Meta documents them: the ad-account calls (`act_…`) take a user token with ads_management +
// marketing_messages_messenger (onboarding Flow 2), never a page token; the subscription tokens, the opt-in
// request and unsubscribing take the page token.
import type { GraphClient } from './client.js';
import type { SendResult } from './types.js';

export interface AdAccountNode {
  /** 'act_<digits>'. */
  id: string;
  account_id?: string;
  name?: string;
  currency?: string;
  /** 1 = active (Meta's enum). */
  account_status?: number;
}

/** One entry of `GET /{page-id}/notification_message_tokens`. */
export interface SubscriptionTokenNode {
  notification_messages_token: string;
  /** The PSID; absent for tokens that came from a Custom Audience. */
  recipient_id?: string;
  /** Epoch seconds or ms (Meta's examples differ). */
  creation_timestamp?: number;
  topic_title?: string;
  user_token_status?: string;
}

/** The ad account as the user token's owner may read it (Meta answers 100/33 when they may not). */
export function getAdAccount(
  graph: GraphClient,
  adAccountId: string,
  userToken: string,
): Promise<AdAccountNode> {
  return graph.request<AdAccountNode>('GET', adAccountId, {
    token: userToken,
    query: { fields: 'id,account_id,name,currency,account_status' },
  });
}

/** The ad accounts the token's user may use (`GET /me/adaccounts`, a user token), 10 pages at most. */
export function listAdAccounts(graph: GraphClient, userToken: string): Promise<AdAccountNode[]> {
  return graph.listAll<AdAccountNode>('me/adaccounts', {
    token: userToken,
    query: { fields: 'id,account_id,name,currency,account_status', limit: 100 },
    maxPages: 10,
  });
}

/** Every subscription token of the page (one per subscriber). */
export function listSubscriptionTokens(
  graph: GraphClient,
  pageId: string,
  pageToken: string,
): Promise<SubscriptionTokenNode[]> {
  return graph.listAll<SubscriptionTokenNode>(`${pageId}/notification_message_tokens`, {
    token: pageToken,
    query: { limit: 1000, do_not_return_duplicates: 'true' },
  });
}

/**
 * Meta's opt-in request (the `notification_messages` template) in the contact's chat. Only inside the 24-hour
 * window, one per topic a week; the contact's answer comes back as a `messaging_optins` webhook.
 */
export async function sendOptinRequest(
  graph: GraphClient,
  input: { pageId: string; pageToken: string; psid: string; title: string },
): Promise<SendResult> {
  const r = await graph.request<{ recipient_id: string; message_id: string }>(
    'POST',
    `${input.pageId}/messages`,
    {
      token: input.pageToken,
      mode: 'send',
      json: {
        recipient: { id: input.psid },
        messaging_type: 'RESPONSE',
        message: {
          attachment: {
            type: 'template',
            payload: {
              template_type: 'notification_messages',
              title: input.title,
              payload: 'pagecast_optin',
              notification_messages_timezone: 'UTC',
            },
          },
        },
      },
    },
  );
  return { recipientId: r.recipient_id, messageId: r.message_id };
}

/** Unsubscribes contacts from the page's marketing messages (by PSID). */
export async function unsubscribeContacts(
  graph: GraphClient,
  pageId: string,
  pageToken: string,
  psids: string[],
): Promise<{ invalidRows: number }> {
  const r = await graph.request<{ invalid_rows_count?: number }>(
    'POST',
    `${pageId}/messaging_customer_base/unsubscribe`,
    { token: pageToken, json: { data: psids.map((psid) => ({ psid })) } },
  );
  return { invalidRows: r.invalid_rows_count ?? 0 };
}

/**
 * A message campaign under the ad account (`POST act_<id>/message_campaign`): the "direct send" container
 * each marketing message names. Creating it costs nothing; Meta lets it send after a warm-up (about an hour).
 */
export async function createMessageCampaign(
  graph: GraphClient,
  input: { adAccountId: string; pageId: string; userToken: string; name: string },
): Promise<{ id: string }> {
  return graph.request<{ id: string }>('POST', `${input.adAccountId}/message_campaign`, {
    token: input.userToken,
    json: { name: input.name, page_id: input.pageId },
  });
}

/**
 * One marketing message to one subscriber (`POST act_<id>/messages`). `{{first_name}}`-style macros in the
 * text are Meta's to fill. One recipient per call; Meta bills it once delivered.
 */
export async function sendMarketingMessage(
  graph: GraphClient,
  input: {
    adAccountId: string;
    messageCampaignId: string;
    userToken: string;
    subscriptionToken: string;
    text: string;
  },
): Promise<{ trackingId: string }> {
  const r = await graph.request<{ success?: boolean; marketing_message_tracking_id?: string }>(
    'POST',
    `${input.adAccountId}/messages`,
    {
      token: input.userToken,
      mode: 'send',
      json: {
        message_id: input.messageCampaignId,
        messenger_delivery_data: { subscription_token: input.subscriptionToken },
        message: { text: input.text },
      },
    },
  );
  return { trackingId: r.marketing_message_tracking_id ?? '' };
}

/** One row of a message campaign's insights: Meta answers every metric as a string. */
export interface MessageCampaignInsights {
  marketing_messages_delivered?: string;
  marketing_messages_spend?: string;
  marketing_messages_cost_per_delivered?: string;
}

/**
 * What Meta billed for a message campaign (`GET /{message-campaign-id}/insights`, the ad account's user
 * token). Meta's default period, the last 30 days, covers a campaign's sends (deliver on return waits 30
 * days at most). Undefined while Meta has no row for it yet (nothing delivered).
 */
export async function messageCampaignInsights(
  graph: GraphClient,
  input: { messageCampaignId: string; userToken: string },
): Promise<MessageCampaignInsights | undefined> {
  const res = await graph.request<{ data: MessageCampaignInsights[] }>(
    'GET',
    `${input.messageCampaignId}/insights`,
    {
      token: input.userToken,
      query: {
        fields:
          'marketing_messages_delivered,marketing_messages_spend,marketing_messages_cost_per_delivered',
      },
    },
  );
  return res.data[0];
}
