// Why a campaign stopped early, or why one of its recipients has no definite answer: the texts the Campaign
// Analytics screen shows as a campaign's `status_reason` or a recipient's error. Written by the dispatch
// jobs (src/modules/campaigns/dispatch) and read back by the analytics routes, so they live in one place.

/** The page token is missing, undecryptable or refused by the platform (error 190). */
export const TOKEN_INVALID_REASON =
  'The page access token is no longer valid: reconnect the page by signing in again, then schedule again.';

/** The scheduling admin still manages the page's messages but has no valid page token of their own. */
export const NO_MESSAGING_ADMIN_REASON =
  'The admin who scheduled this campaign is no longer connected to this page: they must sign in again, then schedule again.';

/**
 * The scheduling admin was removed from the page, or lost its messaging task, on Facebook: the campaign
 * stops (checked when it starts and at every batch) rather than go out as the page on a co-admin's token.
 */
export const CREATOR_LOST_ACCESS_REASON =
  'The admin who scheduled this campaign no longer manages this page’s messages on Facebook, so it was stopped: an admin who can message as the page must schedule it again.';

/** The platform refuses this app the permission to send for the page (3, 10, 200-299 in graph/errors.ts). */
export const PERMISSION_REASON =
  'The page no longer allows this app to send messages: reconnect the page by signing in again, then schedule again.';

/**
 * Meta restricted the page from sending (10/1893063 "You are temporarily restricted from sending messages",
 * 368): every further send would be refused too.
 */
export const PAGE_RESTRICTED_REASON =
  "Meta has temporarily restricted this page from sending messages. Check the page's status in Meta Business Suite, then schedule again when the restriction ends.";

/** A recipient whose send may have reached the platform but whose answer was lost: never re-sent. */
export const UNKNOWN_OUTCOME_MESSAGE =
  'The answer to this send was lost (timeout or crash): it may or may not have been delivered. Flagged for review.';

/** How long an 'unknown' recipient waits for the echo that would prove its send (docs/campaigns.md). */
export const RECONCILE_WINDOW_MS = 10 * 60_000;

/** An 'unknown' recipient whose echo did not come within RECONCILE_WINDOW_MS: left for review, with why. */
export const UNRECONCILED_MESSAGE =
  'The answer to this send was lost (timeout or crash) and Messenger sent back no echo of it within 10 minutes: it may or may not have been delivered. Check the conversation before sending it again.';

/** How often a failed conversation read of an 'unknown' recipient is tried before it is left for review. */
export const RECONCILE_MAX_READS = 5;

/** An 'unknown' recipient whose conversation could not be read (yet): `${CONVERSATION_UNREADABLE}${why}`. */
export const CONVERSATION_UNREADABLE =
  'The answer to this send was lost and its conversation could not be read to check it: ';

/** The conversation reads failed RECONCILE_MAX_READS times: left for review. */
export const CONVERSATION_READS_EXHAUSTED =
  'The answer to this send was lost, no echo came and its conversation could not be read after 5 tries: it may or may not have been delivered. Check the conversation before sending it again.';

/** The conversation shows no such message, but the recipient was already sent it once more: never a third. */
export const RESEND_UNPROVEN =
  'The answer to this send was lost twice: it was sent once more after its conversation showed no such message, and that answer was lost too. Check the conversation before sending it again.';

/** The campaign's message has buttons, a template or a marketing path: its text alone proves nothing absent. */
export const CONVERSATION_UNMATCHABLE =
  'The answer to this send was lost and its conversation does not show the message; this campaign also sends buttons, an image, templates or marketing messages, which the conversation may not show, so it is not sent again. Check the conversation before sending it again.';

/** Completed campaign with recipients flagged 'unknown': `${count}${FLAGGED_FOR_REVIEW}`. */
export const FLAGGED_FOR_REVIEW =
  ' recipient(s) flagged for review: the answer to their send was lost.';

/** An admin cancelled a pending or processing campaign. */
export const CANCELLED_REASON = 'Cancelled by an admin.';

export const EMPTY_AUDIENCE_REASON =
  'No recipients: the audience was empty when the campaign started.';
/** 'Only contacts I can reach', and nobody in the audience had a path when the campaign started. */
export const UNREACHABLE_AUDIENCE_REASON =
  'No recipients: nobody in the audience could be reached when the campaign started (all were outside the 24-hour window, and no approved utility template was chosen).';
export const TAG_DELETED_REASON = 'No recipients: the tag was deleted before the campaign started.';

/** Meta refused the utility template (132001: deleted, not approved any more, or unknown in that language). */
export const TEMPLATE_REFUSED_REASON =
  'Meta refused the utility template: it was deleted or is no longer approved. Check Templates, then schedule again for these contacts.';
/** Meta refused the template's parameters (132000). */
export const TEMPLATE_PARAMS_REASON =
  "Meta refused the template's parameters: the template changed since the campaign was scheduled. Check Templates, then schedule again for these contacts.";

// ---- marketing messages (Meta's 23000xx answers), each as a next step ----------------------------------

/** 2300034: the subscriber stopped marketing messages (no webhook tells it before). */
export const MARKETING_OPTED_OUT_REASON =
  'They stopped your marketing messages: none is sent to them again unless they subscribe again.';
/** 2300036 / 2300052: Meta says the person cannot get marketing messages right now. */
export const MARKETING_UNAVAILABLE_REASON =
  'Meta says this person is not available for marketing messages right now: include them in a later campaign.';
/** 2300035: Meta allows one marketing message per subscriber every 12 hours. */
export const MARKETING_COOLDOWN_REASON =
  'They got a marketing message less than 12 hours ago (Meta allows one every 12 hours): include them in a later campaign.';
/** 2300042-2300044: Meta's frequency caps (marketing vs their own conversations). */
export const MARKETING_FREQUENCY_REASON =
  'Meta held it back: they have had many marketing messages lately compared with their own conversations with the page. Try them again in a few days.';
/** 2300015 / 2300017 / 2300053 / 2300054 / 2300056-2300059: the budget or the spend limit is reached. */
export const MARKETING_BUDGET_REASON =
  "The ad account's budget for this campaign is spent: raise it in Meta Ads Manager, then schedule again for these contacts.";
/** 2300030-2300032: a region Meta does not serve marketing messages in (the ad account's, the page's or theirs). */
export const MARKETING_REGION_REASON =
  'Marketing messages are not available where they (or the business) are: Meta excludes the EU, the UK, Japan, South Korea and Australia.';
/** 2300004 / 2300005 / 2300037: the subscription token is not (any more) good for this page. */
export const MARKETING_TOKEN_REASON =
  'Meta did not accept their subscription for this page (invalid or expired): they need to subscribe again.';
/** 2300028 / 2300055 / 2300057 / 2300060-2300063: Meta asked to try again later, after every retry. */
export const MARKETING_RETRY_LATER_REASON =
  'Meta asked to try again later, several times in a row: schedule again for these contacts later.';
/** Not ready (warm-up) after every retry. */
export const MARKETING_NOT_READY_REASON =
  'Meta had not started the marketing campaign after several tries: schedule again for these contacts later.';

/**
 * The page's Marketing Messages setup refuses every marketing send (terms not accepted, no payment method, no
 * permission for the page, feature unavailable): Meta's meaning, and what to do.
 */
export function marketingSetupReason(meaning: string): string {
  return `Meta refused marketing messages for this page: ${meaning.replace(/\.$/, '')}. Fix it in Meta Business Suite or Ads Manager, then schedule again.`;
}

// ---- a send path Meta refuses for want of a permission: that path stops, the others go on ---------------

/** Meta refused a utility send for want of pages_utility_messaging (or the app's capability). */
export const UTILITY_PERMISSION_REASON =
  'Utility template not sent: Meta requires the utility messaging permission (pages_utility_messaging). Reconnect Facebook and allow it, then schedule again for these contacts.';
/** Meta refused a marketing send for want of the Marketing Messages permissions. */
export const MARKETING_PERMISSION_REASON =
  'Marketing message not sent: Meta requires the ads_management and marketing_messages_messenger permissions. Connect marketing (Marketing) and allow them, then schedule again for these contacts.';
/** The user token marketing messages are sent with is gone (190), or its admin cannot be found. */
export const MARKETING_LOGIN_REASON =
  'Marketing message not sent: the Facebook login that sends marketing messages is no longer valid. Sign in again, then schedule again for these contacts.';

// ---- holds: a pending campaign the scheduler does not start until its admin's access is back ------------

/** The re-check found the scheduling admin off the page, without the messaging task, or without a token. */
export const HOLD_ACCESS_LOST_REASON =
  'On hold: the admin who scheduled this campaign no longer manages this page’s messages on Facebook. It starts as soon as their access is back (at their next sign-in or the next access check), or cancel it.';
/** Facebook refused the scheduling admin's sign-in (password change, security reset, app removed). */
export const HOLD_TOKEN_REFUSED_REASON =
  'On hold: Facebook no longer accepts the sign-in of the admin who scheduled this campaign. It starts as soon as they sign in again, or cancel it.';
