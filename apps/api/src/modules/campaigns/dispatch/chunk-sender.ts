// Sends one claimed chunk of a batch (up to ~0.5 s of the page's pace) and records every row's outcome.
// Its two halves of state live apart: booking.ts marks the rows attempted and reserves their pacer slots a
// group at a time; row-ledger.ts keeps each row's outcome and writes them as they come. What stays here is
// the send itself: each row's path, the Graph call, and what an answer means for the rest of the chunk.
import { performance } from 'node:perf_hooks';
import { renderPlaceholders, templateParamValue, type SkipReason } from '@pagecast/contract';
import { marketingAnswer, marketingGraph } from '../../../graph/index.js';
import type { MessagingType, TemplateSend } from '../../../graph/types.js';
import { sleep } from '../../../lib/sleep.js';
import { applyMarksToSent } from '../counters.js';
import { stopPath } from './repo/end.js';
import { stopCampaignSubscriptions } from '../../marketing/index.js';
import { recordImagePart } from './repo/image.js';
import { type ClaimedRow, markAttempted, writeOutcomes } from './repo/send.js';
import { Booking } from './booking.js';
import type { SendContext, SendTarget } from './context.js';
import { MARKETING_LOGIN_REASON } from '../reasons.js';
import { recipientMetadata } from '../recipient-metadata.js';
import {
  type CampaignStop,
  marketingOutcomeOfError,
  notSentOutcome,
  type Outcome,
  outcomeOfError,
  type PathStop,
  requeuedOutcome,
  type SendAttempt,
  sentOutcome,
  skippedOutcome,
} from './outcome.js';
import { RowLedger } from './row-ledger.js';

/** 0.25 + 0.5 + 1 + 2 x 29 s: about a minute. */
const OUTCOME_WRITE_ATTEMPTS = 32;

export interface ChunkResult {
  /** Set when the campaign must stop (its token or permission is gone). */
  stop?: CampaignStop;
}

export class ChunkSender {
  /** The claimed rows to send now, and each one's path. */
  private readonly rows: ClaimedRow[] = [];
  private readonly paths: SendKind[] = [];
  private readonly claimed: string[];
  /** Each claimed row's attempt number: with the worker id, what makes the claim this chunk's. */
  private readonly claims: ReadonlyMap<string, number>;
  private readonly booking: Booking;
  private readonly ledger: RowLedger;
  /** Graph calls under way. */
  private readonly pending: Array<Promise<void>> = [];
  private stop: CampaignStop | undefined;
  /** Paths this chunk saw Meta refuse: stored on the campaign when the chunk finishes. */
  private readonly newPathStops: PathStop[] = [];
  private rateLimited = false;

  constructor(
    private readonly ctx: SendContext,
    private readonly target: SendTarget,
    claimed: ClaimedRow[],
    /** False once the campaign was seen cancelled or failed: the rest of the chunk is not sent. */
    private readonly running: () => boolean,
  ) {
    // Each row's path, decided now (the claim re-read the window and the subscription, so this is send time).
    // The old message tags are retired: a row with no allowed path is skipped with the reason.
    const now = Date.now();
    /**
     * Outcomes of the claimed rows not sent now, written with the first group: those Messenger gives no path
     * to (skipped, never a Graph call nor a pacer slot), and marketing rows before Meta's warm-up ends (back
     * to the queue until then, not an attempt).
     */
    const skipped: Outcome[] = [];
    // A marketing path without the user token Meta takes on it stops at once, with the reason.
    if (target.marketing && !target.marketing.userToken && !target.pathStops.has('marketing'))
      this.stopPath({ path: 'marketing', reason: MARKETING_LOGIN_REASON });
    for (const r of claimed) {
      const path = sendPath(r, target);
      const stopped = path.kind !== 'skip' ? target.pathStops.get(path.kind) : undefined;
      if (path.kind === 'skip') skipped.push(skippedOutcome(r.contact_id, path.reason));
      else if (stopped) skipped.push(pathStoppedOutcome(r.contact_id, path.kind, stopped));
      else if (path.kind === 'marketing' && target.marketing && now < target.marketing.readyAt)
        skipped.push(
          requeuedOutcome(
            {
              contactId: r.contact_id,
              messagingType: 'MARKETING',
              tag: null,
              attempts: r.attempts,
            },
            target.marketing.readyAt - now,
            -1,
            now,
          ),
        );
      else {
        this.rows.push(r);
        this.paths.push(path.kind);
      }
    }
    this.claimed = claimed.map((r) => r.contact_id);
    this.claims = new Map(claimed.map((r) => [r.contact_id, r.attempts]));
    this.booking = new Booking(
      this.rows.map((r) => r.contact_id),
      {
        mark: (ids) => markAttempted(ctx.pool, target.campaignId, ids, ctx.workerId, this.claims),
        reserve: (count) => ctx.pacer.reserve(target.pageUuid, count),
        intervalMs: ctx.pacer.intervalUs / 1000,
        lateToleranceMs: ctx.tuning.lateToleranceMs,
      },
    );
    this.ledger = new RowLedger(
      this.rows.length,
      (outcomes) => this.write(outcomes),
      this.booking.groupSize,
      skipped,
    );
  }

  /** Sends the chunk; every row has its outcome written (or the database is gone) when this settles. */
  async run(): Promise<ChunkResult> {
    try {
      for (let i = 0; i < this.rows.length; i++) await this.sendRow(i);
    } catch (err) {
      // The database went away mid-chunk (marking, pacing): what was not sent goes back to the queue, what
      // was sent keeps its answer, and all of it is written (writes retry through an outage) before the job
      // fails for pg-boss to retry. No row of ours is left 'sending' behind a live worker.
      this.ledger.settleUnstarted((k) => notSentOutcome(this.row(k).contact_id));
      await this.finish(false);
      throw err;
    }
    await this.finish(true);
    return this.stop ? { stop: this.stop } : {};
  }

  private row(i: number): ClaimedRow {
    return this.rows[i] as ClaimedRow;
  }

  private async sendRow(i: number): Promise<void> {
    const { ctx } = this;
    const row = this.row(i);
    const kind = this.paths[i] as SendKind;
    const messagingType = MESSAGING_TYPE[kind];
    const send: SendAttempt = {
      contactId: row.contact_id,
      messagingType,
      tag: null,
      attempts: row.attempts,
    };
    // Stopped (token lost, cancelled, worker stopping, page rate-limited): the rest of the chunk is unsent.
    if (this.stop || this.rateLimited || !this.running() || ctx.isStopping()) {
      this.ledger.set(
        i,
        requeuedOutcome(send, this.rateLimited ? ctx.tuning.rateLimitPauseMs : 0, -1, Date.now()),
      );
      return;
    }
    // Meta refused this row's path for a permission while the chunk ran: it fails with the reason, unsent.
    const stopped = this.target.pathStops.get(kind);
    if (stopped) {
      this.ledger.set(i, pathStoppedOutcome(row.contact_id, kind, stopped));
      return;
    }
    this.ledger.flushIfDue(i);
    await this.booking.markThrough(i);
    if (!this.booking.owns(row.contact_id)) {
      // The sweeper took the row back (this worker looked dead): it is not ours to send any more.
      this.ledger.set(i, requeuedOutcome(send, 0, -1, Date.now()));
      return;
    }
    this.booking.prefetch();
    await this.waitForSlot(i);
    this.ledger.start(i);
    // The text part's time (after the image part, when there is one): receipts watermarked before it do not
    // cover it.
    let sentAt = new Date();
    this.pending.push(
      this.request(kind, row, (at) => (sentAt = at))
        .then(
          (messageId) => {
            this.ledger.set(i, sentOutcome(send, messageId, sentAt));
          },
          (err: unknown) => {
            // The sweeper re-queued the row between its image and text parts: not ours to write.
            if (err instanceof RowTakenBack) {
              this.ledger.set(i, requeuedOutcome(send, 0, -1, Date.now()));
              return;
            }
            const verdict = (kind === 'marketing' ? marketingOutcomeOfError : outcomeOfError)(
              err,
              send,
              ctx.tuning,
              Date.now(),
            );
            if (verdict.unexpected) ctx.log.error({ err }, 'campaign send failed unexpectedly');
            if (verdict.rateLimited) this.rateLimited = true;
            if (verdict.stop) this.stop ??= verdict.stop;
            if (verdict.pathStop) this.stopPath(verdict.pathStop);
            this.ledger.set(i, verdict.outcome);
          },
        )
        .finally(() => ctx.inFlight.release()),
    );
  }

  /** The Graph call of one row's path; resolves with the id its outcome keeps (mid, or marketing tracking id). */
  private async request(
    kind: SendKind,
    row: ClaimedRow,
    textAt: (at: Date) => void,
  ): Promise<string> {
    const { ctx, target } = this;
    // `{first_name}` and the like, filled from the synced contact (the rule checked them at creation).
    const text = renderPlaceholders(target.message, {
      firstName: row.first_name,
      lastName: row.last_name,
    });
    if (kind === 'marketing' && target.marketing) {
      const res = await marketingGraph.sendMarketingMessage(ctx.graph, {
        adAccountId: target.marketing.adAccountId,
        messageCampaignId: target.marketing.messageCampaignId,
        userToken: target.marketing.userToken as string,
        subscriptionToken: row.subscription_token as string,
        text,
      });
      return res.trackingId;
    }
    // The image part first, as a message of its own (a message has text or an attachment, never both).
    if (kind === 'standard' && target.image?.attachmentId) {
      await this.sendImagePart(row, target.image.attachmentId);
      textAt(new Date());
    }
    const res = await ctx.graph.sendMessage({
      pageId: target.fbPageId,
      pageToken: target.pageToken,
      psid: row.psid,
      text,
      messagingType: kind === 'utility' ? 'UTILITY' : 'UPDATE',
      tag: null,
      // Echoed back by Meta: proves this row's send went out when its answer is lost.
      metadata: recipientMetadata(target.campaignId, row.contact_id),
      ...(kind === 'standard' && target.buttons.length > 0 ? { buttons: target.buttons } : {}),
      ...(kind === 'utility' && target.template
        ? { template: templateSend(target.template, row) }
        : {}),
    });
    return res.messageId;
  }

  /**
   * A row's image part, exactly once: skipped when an earlier attempt recorded its mid; else sent, its mid
   * recorded (committed) with the row's attempt mark cleared, then the row marked again for its text part,
   * which waits for a slot of its own in the page's pace (the image took the row's). A crash after the record
   * re-queues the row (no send in flight); one before it leaves the row 'unknown' (the image may have gone;
   * its echo, metadata `:image`, records it).
   */
  private async sendImagePart(row: ClaimedRow, attachmentId: string): Promise<void> {
    const { ctx, target } = this;
    if (row.image_mid) return;
    const image = await ctx.graph.sendMessage({
      pageId: target.fbPageId,
      pageToken: target.pageToken,
      psid: row.psid,
      text: '',
      messagingType: 'UPDATE',
      tag: null,
      image: { attachmentId },
      metadata: recipientMetadata(target.campaignId, row.contact_id, 'image'),
    });
    // A local failure from here on: the image went, so the row's outcome is 'unknown', never re-sent blind.
    if (
      !(await recordImagePart(
        ctx.pool,
        target.campaignId,
        row.contact_id,
        ctx.workerId,
        this.claims.get(row.contact_id) ?? -1,
        image.messageId,
      ))
    )
      throw new RowTakenBack();
    row.image_mid = image.messageId;
    const slot = await ctx.pacer.reserve(target.pageUuid, 1);
    const wait = slot.firstAt - performance.now();
    if (wait >= 1) await sleep(wait);
    const owned = await markAttempted(
      ctx.pool,
      target.campaignId,
      [row.contact_id],
      ctx.workerId,
      this.claims,
    );
    if (!owned.has(row.contact_id)) throw new RowTakenBack();
  }

  /** Waits for row i's slot, then for an in-flight permit (held on return). */
  private async waitForSlot(i: number): Promise<void> {
    let at = await this.booking.takeSlot(i);
    let wait = at - performance.now();
    if (wait >= 1) await sleep(wait);
    await this.ctx.inFlight.acquire();
    try {
      // Woken (or let through by the in-flight limit) too late: the next slot still ahead instead.
      for (let retakes = 0; this.booking.checkLateness && retakes < 3; retakes++) {
        if (performance.now() - at <= this.ctx.tuning.lateToleranceMs) break;
        at = await this.booking.takeSlot(i);
        wait = at - performance.now();
        if (wait >= 1) await sleep(wait);
      }
    } catch (err) {
      this.ctx.inFlight.release();
      throw err;
    }
  }

  /** The path stops for this job's lanes now, and for the campaign once the chunk finishes. */
  private stopPath(stop: PathStop): void {
    if (this.target.pathStops.has(stop.path)) return;
    this.target.pathStops.set(stop.path, stop.reason);
    this.newPathStops.push(stop);
  }

  /** Every answer in, the pause recorded, every outcome written; the rows leave this process's hands. */
  private async finish(completed: boolean): Promise<void> {
    const { ctx, target } = this;
    await Promise.all(this.pending);
    for (const stop of this.newPathStops.splice(0)) {
      // Not stored (database away): the next job finds the refusal again on its first send of the path.
      await stopPath(ctx.pool, target.campaignId, stop.path, stop.reason).catch((err: unknown) =>
        ctx.log.warn({ err }, 'could not store a stopped send path'),
      );
    }
    // A group booked for a chunk that stopped first lands (its marks go before the rows are re-queued).
    await this.booking.settled();
    try {
      if (completed && this.rateLimited) {
        // A pause that cannot be recorded (database away) only costs another 613 later.
        await ctx.pacer.pause(target.pageUuid, ctx.tuning.rateLimitPauseMs).catch(() => {});
      }
      await this.ledger.flush();
    } finally {
      ctx.held.remove(target.campaignId, this.claimed);
    }
  }

  /** The outcomes, then late delivery marks. The sends happened: losing their outcomes would turn them
   * into 'unknown', so this retries through a database outage (about a minute), at most 2 s apart. */
  private async write(outcomes: Outcome[]): Promise<void> {
    const { ctx, target } = this;
    let lastError: unknown;
    for (let attempt = 0; attempt < OUTCOME_WRITE_ATTEMPTS; attempt++) {
      try {
        const sent = await writeOutcomes(
          ctx.pool,
          target.campaignId,
          ctx.workerId,
          outcomes,
          this.claims,
        );
        await applyMarksToSent(ctx.pool, target.campaignId, sent);
        // Meta said they stopped marketing messages: none is sent to them again.
        const stopped = outcomes.filter(
          (o) =>
            marketingAnswer(o.errorCode) === 'opted_out' ||
            marketingAnswer(o.errorSubcode) === 'opted_out',
        );
        if (stopped.length > 0)
          await stopCampaignSubscriptions(
            ctx.pool,
            target.campaignId,
            stopped.map((o) => o.contactId),
          );
        return;
      } catch (err) {
        lastError = err;
        ctx.log.warn({ err, attempt }, 'writing campaign outcomes failed: retrying');
        await sleep(Math.min(2000, 250 * 2 ** attempt));
      }
    }
    throw lastError;
  }
}

/** A row the sweeper took back between its image and text parts (this worker looked dead). */
class RowTakenBack extends Error {}

type SendKind = 'standard' | 'utility' | 'marketing';
type Path = { kind: SendKind } | { kind: 'skip'; reason: SkipReason };

/** What each path stores as the row's messaging type ('MARKETING' is Pagecast's own label). */
const MESSAGING_TYPE: Record<SendKind, MessagingType | 'MARKETING'> = {
  standard: 'UPDATE',
  utility: 'UTILITY',
  marketing: 'MARKETING',
};

/**
 * A claimed row's path: standard inside the window; outside it a marketing message to a subscriber (when the
 * campaign sends them), else the campaign's approved utility template, else none, with the reason.
 */
function sendPath(row: ClaimedRow, target: SendTarget): Path {
  // A contact who stopped the page's marketing messages is sent no campaign on any path (docs/campaigns.md).
  if (row.subscription_status === 'stopped') return { kind: 'skip', reason: 'opted_out' };
  if (row.inside_window) return { kind: 'standard' };
  if (target.marketing && row.subscription_status === 'subscribed' && row.subscription_token)
    return { kind: 'marketing' };
  if (target.template?.available) return { kind: 'utility' };
  if (target.marketing) return { kind: 'skip', reason: 'not_subscribed' };
  return { kind: 'skip', reason: target.template ? 'template_unavailable' : 'outside_window' };
}

/** A row of a path Meta refused for a permission: failed with the reason, never sent, not an attempt. */
function pathStoppedOutcome(contactId: string, kind: SendKind, reason: string): Outcome {
  return {
    contactId,
    state: 'failed',
    messagingType: MESSAGING_TYPE[kind],
    tag: null,
    messageId: null,
    errorCode: null,
    errorSubcode: null,
    errorMessage: reason,
    sentAt: null,
    notBefore: null,
    attemptsDelta: -1,
  };
}

/** The template with each parameter filled for this contact. */
function templateSend(
  template: NonNullable<SendTarget['template']>,
  row: ClaimedRow,
): TemplateSend {
  const contact = { firstName: row.first_name, lastName: row.last_name };
  return {
    name: template.name,
    language: template.language,
    params: Object.fromEntries(
      Object.entries(template.params).map(([name, source]) => [
        name,
        templateParamValue(source, contact),
      ]),
    ),
  };
}
