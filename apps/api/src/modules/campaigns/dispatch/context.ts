// What dispatch's parts share: a worker's context (batch.ts, chunk-sender.ts, returns.ts) and a campaign's
// send parameters (target.ts). Types only, so the files that use them do not import each other.
import type { TemplateParamMap } from '@pagecast/contract';
import type pg from 'pg';
import type { GraphClient } from '../../../graph/index.js';
import type { PageSendPacer } from './page-send-pacer.js';
import type { OutcomeTuning } from './outcome.js';
import type { ActiveCampaigns, HeldRows, Semaphore } from './worker-state.js';

export interface CampaignBatchJob {
  campaignId: string;
  batchNo: number;
}

export interface BatchTuning extends OutcomeTuning {
  /** Rows claimed and sent per round trip. */
  chunkSize: number;
  /** Concurrent claim-send-write loops per batch job (pipelining). */
  lanes: number;
  /** A send this late after its slot gets a new slot instead (keeps bursts under the page rate). */
  lateToleranceMs: number;
}

export interface BatchContext {
  pool: pg.Pool;
  graph: GraphClient;
  pacer: PageSendPacer;
  decryptToken: (enc: string) => string;
  workerId: string;
  tuning: BatchTuning;
  /** In-flight Send API calls of this process. */
  inFlight: Semaphore;
  /** Campaigns this process works on (the heartbeat publishes them), with their last seen status. */
  active: ActiveCampaigns;
  /** Rows this process has claimed and not yet written an outcome for (see releaseOrphanedClaims). */
  held: HeldRows;
  /** True once this worker is stopping: lanes end and their job goes back to the queue. */
  isStopping: () => boolean;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** A processing campaign's send parameters, its page token decrypted. */
export interface SendTarget {
  campaignId: string;
  pageUuid: string;
  fbPageId: string;
  pageToken: string;
  /** The admin whose own page token this is. */
  tokenAdminId: string;
  message: string;
  /** Link buttons of the standard sends (Meta's button template); empty: plain text. */
  buttons: Array<{ title: string; url: string }>;
  /**
   * The image sent before the text on standard sends (null: none): its URL, and Meta's reusable attachment
   * id once uploaded (image.ts, at the start of each batch).
   */
  image: { url: string; attachmentId: string | null } | null;
  type: string;
  /**
   * The utility template for recipients outside the 24-hour window: null when the campaign has none (they
   * are skipped, 'outside_window'); `available` false when Meta no longer approves it or it was deleted
   * (they are skipped, 'template_unavailable').
   */
  template: {
    name: string;
    language: string;
    params: TemplateParamMap;
    available: boolean;
  } | null;
  /**
   * Paid marketing messages to subscribers outside the window: Meta's message campaign, the page's ad
   * account, and when Meta lets it send (its warm-up). Null when the campaign sends none (or the page's ad
   * account is gone: subscribers are then skipped like anyone outside the window).
   */
  marketing: {
    adAccountId: string;
    messageCampaignId: string;
    readyAt: number;
    /** The user token Meta takes on the ad-account calls (Flow 2); null: that path stops with the reason. */
    userToken: string | null;
  } | null;
  /**
   * Send paths Meta refused for want of a permission, with the reason (stored on the campaign; shared by
   * the job's lanes, so one refusal stops the path for all of them).
   */
  pathStops: Map<string, string>;
}

/**
 * What a ChunkSender needs of its worker: the batch context without the campaign set, since a return send
 * sends for a completed campaign too; its caller says whether the campaign still runs.
 */
export type SendContext = Omit<BatchContext, 'active' | 'decryptToken'>;
