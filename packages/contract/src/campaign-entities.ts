// The campaign entities of the contract's data dictionary (entities.ts re-exports them): a campaign, its
// recipients and funnel, what Meta billed, the templates it may send and the audience preview.
import { z } from 'zod';
import { PURPOSE_VALUES, SKIP_REASON_CODES } from './constants';
import {
  TEMPLATE_PARAMETER_FORMATS,
  TEMPLATE_STATUSES,
  TemplateButton,
} from './rules/template-rules';
import { CampaignAudience } from './rules/audience-rules';
import { GraphId, IsoDateTime, Uuid } from './common';

/** A campaign's Purpose (spec §10.8): a promotion or one of the three updates, in the `type` field. */
export const ContentTypeSchema = z.enum(PURPOSE_VALUES);
export const CampaignStatus = z.enum(['pending', 'processing', 'completed', 'failed', 'cancelled']);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

export const Campaign = z.object({
  id: Uuid,
  pageId: GraphId,
  name: z.string(),
  description: z.string(),
  message: z.string(),
  /** The image sent before the text on standard sends (null: none). */
  imageUrl: z.string().nullable().optional(),
  /** The link buttons under the text on standard sends (Meta's button template). */
  buttons: z.array(z.object({ title: z.string(), url: z.string() })).optional(),
  scheduledTime: IsoDateTime,
  type: ContentTypeSchema,
  tagId: Uuid.nullable(),
  tagName: z.string().nullable(),
  /** Who it goes to (spec §10.9); null when its one tag was deleted before dispatch. */
  audience: CampaignAudience.nullable().optional(),
  audienceCount: z.number().int(),
  dispatchedCount: z.number().int(),
  deliveredCount: z.number().int(),
  interactedCount: z.number().int(),
  failedCount: z.number().int(),
  /** Recipients Messenger gives no allowed path to: no message, no Graph call, a reason each. */
  skippedCount: z.number().int(),
  /** The utility template sent outside the 24-hour window (null: those recipients are skipped). */
  templateName: z.string().nullable(),
  /** Only contacts a path reached at the snapshot joined the audience. */
  reachableOnly: z.boolean(),
  /** Subscribers outside the window get it as a paid marketing message (Meta's Marketing Message API). */
  marketing: z.boolean(),
  /** Meta lets marketing messages go from then on (its warm-up after the campaign is created there). */
  marketingReadyAt: IsoDateTime.nullable(),
  /** Deliver on return: until then a skipped recipient who writes to the page gets the message (null: off). */
  deliverOnReturnUntil: IsoDateTime.nullable(),
  /** Deliver on return: minutes the send waits for a person to answer the contact first. */
  returnDelayMinutes: z.number().int().optional(),
  /** Deliver on return was stopped then ('Stop waiting for returns'); null: it was not. */
  returnsStoppedAt: IsoDateTime.nullable().optional(),
  status: CampaignStatus,
  statusReason: z.string().nullable(),
  /**
   * A pending campaign on hold: a page access check found that the admin who scheduled it can no longer send
   * as the page, or Facebook refused their sign-in. It does not start while held; access back lifts the
   * hold (and it starts at once if its time passed). Null: not held.
   */
  hold: z.object({ reason: z.string(), since: IsoDateTime }).nullable().optional(),
  /** When Facebook last confirmed the scheduling admin's pages and tasks (null: not since it was recorded). */
  accessVerifiedAt: IsoDateTime.nullable().optional(),
  createdAt: IsoDateTime,
  startedAt: IsoDateTime.nullable(),
  completedAt: IsoDateTime.nullable(),
});
export type Campaign = z.infer<typeof Campaign>;

export const PageMeta = z.object({
  totalItems: z.number().int(),
  itemCount: z.number().int(),
  itemsPerPage: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

/** Minutes between two checks of every admin's page access (the server's PAGE_ACCESS_RECHECK_MINUTES). */
const AccessRecheckMinutes = z.number().int().positive().optional();

export const CampaignListResponse = z.object({
  data: z.array(Campaign),
  meta: PageMeta,
  accessRecheckMinutes: AccessRecheckMinutes,
});
export type CampaignListResponse = z.infer<typeof CampaignListResponse>;

export const RecipientOutcome = z.enum([
  'queued',
  'sending',
  'sent',
  'failed',
  'unknown',
  'skipped',
]);
/**
 * The detail's recipient filter: an outcome (the row's state) or a result after sending: delivered, read,
 * interacted (replied or tapped), waiting for their return, sent on return.
 */
export const RecipientFilter = z.enum([
  ...RecipientOutcome.options,
  'delivered',
  'read',
  'interacted',
  'waiting',
  'returned',
]);
export type RecipientFilter = z.infer<typeof RecipientFilter>;
export const SkipReason = z.enum(SKIP_REASON_CODES);
export type SkipReason = z.infer<typeof SkipReason>;
export const CampaignRecipient = z.object({
  psid: GraphId,
  name: z.string().nullable(),
  state: RecipientOutcome,
  messagingType: z.string().nullable(),
  tag: z.string().nullable(),
  messageId: z.string().nullable(),
  sentAt: IsoDateTime.nullable(),
  deliveredAt: IsoDateTime.nullable(),
  /** Meta reported it read (a read receipt covering it). */
  readAt: IsoDateTime.nullable().default(null),
  interactedAt: IsoDateTime.nullable(),
  /** Deliver on return: when the contact's own message took this skipped row up again. */
  returnedAt: IsoDateTime.nullable().default(null),
  errorCode: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  /** Why a skipped recipient got no message (SKIP_REASONS says it as a next step). */
  skipReason: SkipReason.nullable(),
});
export type CampaignRecipient = z.infer<typeof CampaignRecipient>;

export const CampaignFunnel = z.object({
  audience: z.number().int(),
  dispatched: z.number().int(),
  delivered: z.number().int(),
  /** Sent recipients Meta reported as read (read receipts). */
  read: z.number().int().default(0),
  interacted: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  pending: z.number().int(),
  unknown: z.number().int(),
  skippedByReason: z.array(z.object({ reason: SkipReason, count: z.number().int() })),
  /** Deliver on return: recipients sent the message after writing to the page (part of dispatched). */
  returned: z.number().int(),
  /** Deliver on return: skipped recipients still waiting (0 once the waiting time is over). */
  waiting: z.number().int(),
  failedByReason: z.array(
    z.object({ reason: z.string(), code: z.number().int().nullable(), count: z.number().int() }),
  ),
  /**
   * Recipients whose send's answer was lost ('unknown'), reconciled: settled 'sent' by the message's echo, or
   * by reading the page's conversation; sent again once a read proved them unsent; left for review.
   */
  reconciliation: z
    .object({
      byEcho: z.number().int(),
      byConversation: z.number().int(),
      resent: z.number().int(),
      forReview: z.number().int(),
    })
    .default({ byEcho: 0, byConversation: 0, resent: 0, forReview: 0 }),
});
export const CampaignDetail = z.object({
  campaign: Campaign,
  funnel: CampaignFunnel,
  accessRecheckMinutes: AccessRecheckMinutes,
});

/** Grace past the re-check interval before a campaign is flagged (the sweep goes through admins in turn). */
const ACCESS_FLAG_GRACE_MINUTES = 10;

/**
 * A pending, unheld campaign whose scheduling admin's access Facebook has not confirmed within the re-check
 * interval (plus a grace): a loss since then would not be known yet. The list and the detail flag it.
 */
export function accessUnverified(
  campaign: Pick<Campaign, 'status' | 'hold' | 'accessVerifiedAt'>,
  recheckMinutes: number | undefined,
  now: number = Date.now(),
): boolean {
  if (campaign.status !== 'pending' || campaign.hold || campaign.accessVerifiedAt === undefined)
    return false;
  if (campaign.accessVerifiedAt === null) return true;
  const limit = ((recheckMinutes ?? 60) + ACCESS_FLAG_GRACE_MINUTES) * 60_000;
  return now - Date.parse(campaign.accessVerifiedAt) > limit;
}

/** What Meta billed for a campaign's paid marketing messages (its message campaign's insights). */
export const CampaignSpend = z.object({
  /** The campaign sends paid marketing messages (else every other field is null). */
  marketing: z.boolean(),
  /** In the ad account's currency; null while Meta reports nothing (nothing delivered yet). */
  spend: z.number().nullable(),
  currency: z.string().nullable(),
  /** Marketing messages Meta counts as delivered (and bills). */
  delivered: z.number().int().nullable(),
  costPerDelivered: z.number().nullable(),
});
export type CampaignSpend = z.infer<typeof CampaignSpend>;
export type CampaignDetail = z.infer<typeof CampaignDetail>;

export const TemplateStatus = z.enum(TEMPLATE_STATUSES);
export type TemplateStatus = z.infer<typeof TemplateStatus>;
/** A page's utility message template and Meta's verdict on it. */
export const MessageTemplate = z.object({
  id: Uuid,
  pageId: GraphId,
  name: z.string(),
  language: z.string(),
  body: z.string(),
  /** NAMED (`{{first_name}}`) or POSITIONAL (`{{1}}`, Meta's default). */
  parameterFormat: z.enum(TEMPLATE_PARAMETER_FORMATS),
  /** The body's parameters: names in order of first use, or positions '1', '2', … in order. */
  params: z.array(z.string()),
  buttons: z.array(TemplateButton),
  status: TemplateStatus,
  /** Meta's reason code for a rejection (e.g. TAG_SHOULD_BE_MARKETING). */
  rejectedReason: z.string().nullable(),
  /** Scheduled (pending or processing) campaigns that send it: it cannot be deleted while any do. */
  scheduledCampaigns: z.number().int(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type MessageTemplate = z.infer<typeof MessageTemplate>;

export const AudiencePreview = z.object({
  total: z.number().int(),
  insideWindow: z.number().int(),
  /** Outside the 24-hour window: skipped at send time (no path Meta allows for a campaign). */
  outsideWindow: z.number().int(),
  /** Of those outside the window, how many hold a marketing-messages subscription. */
  subscribersOutside: z.number().int(),
  /**
   * Of the total, how many stopped the page's marketing messages: sent nothing on any path (skipped
   * 'opted_out'), inside the window or not. Absent: none (older servers).
   */
  optedOut: z.number().int().optional(),
  /** Of `optedOut`, how many are inside the 24-hour window (counted in insideWindow too). */
  optedOutInside: z.number().int().optional(),
});
export type AudiencePreview = z.infer<typeof AudiencePreview>;
