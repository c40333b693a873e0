// The Marketing Message API's state in the world (ad accounts, subscriptions, campaigns, sends), apart from
// its routes (marketing.ts) so the world can hold it without importing the routes that read the world.
export interface AdAccount {
  /** 'act_<digits>'. */
  id: string;
  name: string;
  currency: string;
  /** Users who may use it (their user and page tokens can read it and send with it). */
  userIds: string[];
}

export interface Subscription {
  token: string;
  psid: string;
  title: string;
  createdAt: number;
  stopped: boolean;
  /** The last marketing message sent with this token (the 12-hour cooldown). */
  lastSentAt: number;
}

export interface MessageCampaign {
  id: string;
  adAccountId: string;
  pageId: string;
  name: string;
  createdAt: number;
  deleted: boolean;
}

/** Marketing state of the world (persisted with it). */
export class MarketingState {
  readonly adAccounts = new Map<string, AdAccount>();
  readonly campaigns = new Map<string, MessageCampaign>();
  /** pageId -> psid -> subscription. */
  readonly subscriptions = new Map<string, Map<string, Subscription>>();
  /** `${pageId}:${psid}:${title}` -> when the last opt-in request about that title went. */
  readonly optinRequests = new Map<string, number>();
  /** Sends by tracking id: the read and click webhooks the control API triggers, and insights (not persisted). */
  readonly sends = new Map<
    string,
    {
      pageId: string;
      campaignId: string;
      base: Record<string, unknown>;
      read: boolean;
      clicked: boolean;
    }
  >();

  /** A deleted page: its subscriptions, opt-in requests, message campaigns and sends. */
  forgetPage(pageId: string): void {
    this.subscriptions.delete(pageId);
    for (const key of this.optinRequests.keys())
      if (key.startsWith(`${pageId}:`)) this.optinRequests.delete(key);
    for (const [id, c] of this.campaigns) if (c.pageId === pageId) this.campaigns.delete(id);
    for (const [id, s] of this.sends) if (s.pageId === pageId) this.sends.delete(id);
  }

  subscriptionsOf(pageId: string): Map<string, Subscription> {
    let m = this.subscriptions.get(pageId);
    if (!m) {
      m = new Map<string, Subscription>();
      this.subscriptions.set(pageId, m);
    }
    return m;
  }

  byToken(pageId: string, token: string): Subscription | undefined {
    for (const s of this.subscriptionsOf(pageId).values()) if (s.token === token) return s;
    return undefined;
  }
}
