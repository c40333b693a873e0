// Why a campaign stopped early, or why one of its recipients has no definite answer: the texts the Campaign
// Analytics screen shows as a campaign's `status_reason` or a recipient's error. Written by the dispatch
// jobs (src/jobs/campaigns) and read back by the analytics routes, so they live in one place.

/** The page token is missing, undecryptable or refused by the platform (error 190). */
export const TOKEN_INVALID_REASON =
  'The page access token is no longer valid: reconnect the page by signing in again, then schedule again.';

/** No admin of the page with messaging access has a valid page token of their own any more. */
export const NO_MESSAGING_ADMIN_REASON =
  'No admin with messaging access to this page is connected any more: an admin who can message as the page must sign in again, then schedule again.';

/** The platform refuses this app the permission to send for the page (errors 200-299). */
export const PERMISSION_REASON =
  'The page no longer allows this app to send messages: reconnect the page by signing in again, then schedule again.';

/** A recipient whose send may have reached the platform but whose answer was lost: never re-sent. */
export const UNKNOWN_OUTCOME_MESSAGE =
  'The answer to this send was lost (timeout or crash): it may or may not have been delivered. Flagged for review.';

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
/** 2300035: Meta allows one marketing message per subscriber every 12 hours. */
export const MARKETING_COOLDOWN_REASON =
  'They got a marketing message less than 12 hours ago (Meta allows one every 12 hours): include them in a later campaign.';
/** 2300042-2300044: Meta's frequency caps (marketing vs their own conversations). */
export const MARKETING_FREQUENCY_REASON =
  'Meta held it back: they have had many marketing messages lately compared with their own conversations with the page. Try them again in a few days.';
/** 2300053 / 2300054: the message campaign's budget is spent. */
export const MARKETING_BUDGET_REASON =
  "The ad account's budget for this campaign is spent: raise it in Meta Ads Manager, then schedule again for these contacts.";
/** 2300030-2300032: a region Meta does not serve marketing messages in. */
export const MARKETING_REGION_REASON =
  'Marketing messages are not available where they (or the business) are: Meta excludes the EU, the UK, Japan, South Korea and Australia.';
/** 2300004 / 2300005 / 2300037: the subscription token is not (any more) good for this page. */
export const MARKETING_TOKEN_REASON =
  'Meta did not accept their subscription for this page (invalid or expired): they need to subscribe again.';
/** Not ready (warm-up) after every retry. */
export const MARKETING_NOT_READY_REASON =
  'Meta had not started the marketing campaign after several tries: schedule again for these contacts later.';

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
