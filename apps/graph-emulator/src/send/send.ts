import { requirePageToken, type Auth } from '../graph/auth.js';
import { appFeatureMissing, requireEndpoint } from '../graph/permissions.js';
import { type GraphContext } from '../graph/context.js';
import { objectParam, param, type GraphRequest } from '../graph/request.js';
import { errors, GraphApiError } from '../graph/errors.js';
import type { OutboxEntry, Page } from '../world/types.js';
import { sendOptinRequest } from '../marketing/marketing.js';
import { utilityMessage } from '../templates/templates.js';
import { maybeFail, takeGraphError, type SendPath } from './faults.js';
import { sendRateLimited } from './usage.js';

const DAY = 86_400_000;
export const RETIRED_TAGS = new Set([
  'CONFIRMED_EVENT_UPDATE',
  'POST_PURCHASE_UPDATE',
  'ACCOUNT_UPDATE',
]);
/** Meta answers error 100 for these tags on sends from this date on. */
export const TAG_RETIREMENT_MS = Date.UTC(2026, 3, 27);
const TAGS = new Set([...RETIRED_TAGS, 'HUMAN_AGENT']);
const TYPES = new Set(['RESPONSE', 'UPDATE', 'MESSAGE_TAG', 'UTILITY']);
const SENDER_ACTIONS = new Set(['typing_on', 'typing_off', 'mark_seen', 'react', 'unreact']);
const MAX_TEXT = 2000;
/** Send API reference, `message.metadata`: "Custom string that is delivered as a message echo. 1000 character limit." */
const MAX_METADATA = 1000;

function countChars(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/** What a graph-error fault calls this send: a utility template, an opt-in request, or a standard message. */
function sendPath(messagingType: string, message: Record<string, unknown>): SendPath {
  if (messagingType === 'UTILITY' || message.template !== undefined) return 'utility';
  const attachment = message.attachment as { payload?: { template_type?: unknown } } | undefined;
  return attachment?.payload?.template_type === 'notification_messages' ? 'optin' : 'standard';
}

/** The Send API: `POST /{page-id}/messages` and `POST /me/messages` with a Page token. */
export function sendMessage(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  page: Page,
): Record<string, unknown> {
  const { world } = ctx;
  requirePageToken(auth, page, 'POST');
  // Every send needs pages_messaging, a utility one also pages_utility_messaging (graph/permissions.ts),
  // checked before the rate limit.
  requireEndpoint(auth, param(req, 'messaging_type') === 'UTILITY' ? 'sendUtility' : 'send');
  const now = req.receivedAt !== undefined ? req.receivedAt + world.clockOffsetMs : world.now();
  const wait = ctx.sendLimiter.tryAcquire(page.id, world.behaviour.sendPerSecond, now);
  if (wait > 0) throw sendRateLimited(page.id, wait);
  // An injected 1 or 2 comes back after the send is recorded (see faults.ts).
  const failAfterSend = maybeFail(world, page.id, req, { sending: true });

  const recipient = objectParam(req, 'recipient');
  if (!recipient) throw errors.param('param recipient must be non-empty.');
  // Recurring Notifications sends (a token as the recipient) were retired on 2026-02-10; Meta's exact answer
  // is not documented: a parameter error, as for the retired message tags.
  if (recipient.notification_messages_token !== undefined)
    throw errors.param(
      'Recurring notifications are no longer supported: send marketing messages through the Marketing Messages API.',
    );
  const psid =
    typeof recipient.id === 'string' || typeof recipient.id === 'number'
      ? String(recipient.id)
      : undefined;
  if (!psid) {
    if (recipient.user_ref || recipient.phone_number || recipient.comment_id || recipient.post_id) {
      throw errors.param('The emulator supports only recipient.id (PSID).');
    }
    throw errors.param('param recipient must be non-empty.');
  }

  const senderAction = param(req, 'sender_action');
  if (senderAction !== undefined) {
    if (!SENDER_ACTIONS.has(senderAction))
      throw errors.param(
        'param sender_action must be one of {TYPING_ON, TYPING_OFF, MARK_SEEN, REACT, UNREACT}',
      );
    if (!page.contacts.has(psid)) throw errors.noMatchingUser();
    if (failAfterSend) throw failAfterSend;
    return { recipient_id: psid };
  }

  const messagingType = param(req, 'messaging_type');
  if (!messagingType) throw errors.param('The parameter messaging_type is required');
  if (!TYPES.has(messagingType)) {
    throw errors.param(
      'Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG, UTILITY}',
    );
  }
  let tag: string | null = null;
  if (messagingType === 'MESSAGE_TAG') {
    tag = param(req, 'tag') ?? null;
    if (!tag) throw errors.param('Param tag must be non-empty when messaging_type is MESSAGE_TAG');
    if (!TAGS.has(tag))
      throw errors.param(
        'Param tag must be one of {CONFIRMED_EVENT_UPDATE, POST_PURCHASE_UPDATE, ACCOUNT_UPDATE, HUMAN_AGENT}',
      );
    if (RETIRED_TAGS.has(tag) && now >= TAG_RETIREMENT_MS && !world.behaviour.legacyMessageTags) {
      throw errors.retiredTag();
    }
    // HUMAN_AGENT is an app-level feature Meta grants after App Review.
    if (tag === 'HUMAN_AGENT' && !world.app.features.humanAgent) throw appFeatureMissing();
  }

  const message = objectParam(req, 'message');
  if (!message) throw errors.param('param message must be non-empty.');
  const metadata = messageMetadata(message);
  const armed = takeGraphError(world, page.id, psid, sendPath(messagingType, message));
  if (armed) throw armed;
  // A utility template: only with messaging_type UTILITY, and then in or out of the window.
  if (messagingType === 'UTILITY' || message.template !== undefined) {
    if (messagingType !== 'UTILITY')
      throw errors.param('message.template requires messaging_type UTILITY');
    const contact = page.contacts.get(psid);
    if (!contact) throw errors.noMatchingUser();
    if (world.behaviour.unavailablePsids.includes(psid))
      throw errors.unavailable(world.behaviour.unavailableCode);
    const utility = utilityMessage(world, page, message);
    const mid = world.recordSend(
      page,
      contact,
      utility.text,
      'UTILITY',
      null,
      now,
      utility.template,
      metadata === undefined ? {} : { metadata },
    );
    if (failAfterSend) throw failAfterSend;
    return { recipient_id: psid, message_id: mid };
  }
  let media: OutboxEntry['attachment'] | undefined;
  let buttons: ButtonTemplate | undefined;
  if (message.attachment !== undefined) {
    if (message.text !== undefined)
      throw errors.param('Only one of text or attachment can be specified');
    const attachment: unknown = message.attachment;
    const payload =
      attachment && typeof attachment === 'object' && 'payload' in attachment
        ? (attachment.payload as Record<string, unknown> | undefined)
        : undefined;
    if (payload?.template_type === 'notification_messages') {
      // The marketing-messages opt-in request: inside the window, one per title a week.
      const contact = page.contacts.get(psid);
      if (!contact) throw errors.noMatchingUser();
      const mid = sendOptinRequest(world, page, contact, payload);
      if (failAfterSend) throw failAfterSend;
      return { recipient_id: psid, message_id: mid };
    }
    if (payload?.template_type === 'button') buttons = buttonTemplate(payload);
    else {
      media = mediaAttachment(attachment, payload);
      // A saved attachment is the page's own: its source URL goes in the outbox with it.
      const saved = media.attachment_id
        ? world.savedAttachments.get(media.attachment_id)
        : undefined;
      if (saved && saved.pageId === page.id) media = { ...media, url: saved.url };
    }
    // Audio and video have a limit of their own: "10 calls per second per Facebook Page for messages that
    // contain audio or video content" (Messenger Platform rate limits); they count in the 300 above too.
    if (media && (media.type === 'audio' || media.type === 'video')) {
      const mediaWait = ctx.mediaSendLimiter.tryAcquire(
        page.id,
        world.behaviour.mediaSendPerSecond,
        now,
      );
      if (mediaWait > 0) throw sendRateLimited(page.id, mediaWait);
    }
  } else if (typeof message.text !== 'string' || message.text.length === 0)
    throw errors.param('param message[text] must be non-empty UTF-8 encoded string');
  const text = buttons ? buttons.text : media ? '' : String(message.text);
  if (text.length > MAX_TEXT && countChars(text) > MAX_TEXT) {
    throw errors.param(`Length of param message[text] must be less than or equal to ${MAX_TEXT}`);
  }

  const contact = page.contacts.get(psid);
  if (!contact) throw errors.noMatchingUser();
  if (
    world.behaviour.unavailablePsids.length > 0 &&
    world.behaviour.unavailablePsids.includes(psid)
  )
    throw errors.unavailable(world.behaviour.unavailableCode);

  const since = contact.lastInboundAt === 0 ? Infinity : now - contact.lastInboundAt;
  if (messagingType !== 'MESSAGE_TAG') {
    if (since > DAY) throw errors.outsideWindow();
  } else if (tag === 'HUMAN_AGENT' && since > 7 * DAY) {
    throw errors.outsideWindow();
  }

  const mid = world.recordSend(page, contact, text, messagingType, tag, now, undefined, {
    ...(media ? { attachment: media } : {}),
    ...(metadata === undefined ? {} : { metadata }),
    ...(buttons ? { buttons: buttons.buttons } : {}),
  });
  if (failAfterSend) throw failAfterSend;
  return { recipient_id: psid, message_id: mid };
}

/**
 * `message.metadata`: a string of at most 1000 characters, given back in the message's echo. Meta documents
 * no answer for a longer or non-string one: the error here is a guess in the words of its text limit.
 */
function messageMetadata(message: Record<string, unknown>): string | undefined {
  const metadata = message.metadata;
  if (metadata === undefined) return undefined;
  if (typeof metadata !== 'string') throw errors.param('param message[metadata] must be a string');
  if (metadata.length > MAX_METADATA && countChars(metadata) > MAX_METADATA)
    throw errors.param(
      `Length of param message[metadata] must be less than or equal to ${MAX_METADATA}`,
    );
  return metadata;
}

const MEDIA_TYPES = new Set(['audio', 'video', 'image', 'file']);

/** A media attachment by URL or by a saved attachment's id (the Send API's two ways). */
function mediaAttachment(
  attachment: unknown,
  payload: Record<string, unknown> | undefined,
): NonNullable<OutboxEntry['attachment']> {
  const type =
    attachment && typeof attachment === 'object' && 'type' in attachment
      ? String(attachment.type)
      : '';
  if (type === 'template')
    throw errors.param('The emulator supports only the notification_messages template.');
  if (!MEDIA_TYPES.has(type))
    throw errors.param(
      'param message[attachment][type] must be one of {audio, video, image, file, template}',
    );
  const url = typeof payload?.url === 'string' ? payload.url : undefined;
  const id =
    typeof payload?.attachment_id === 'string' || typeof payload?.attachment_id === 'number'
      ? String(payload.attachment_id)
      : undefined;
  if (!url && !id)
    throw errors.param('param message[attachment][payload] must have a url or an attachment_id');
  return { type, ...(url ? { url } : {}), ...(id ? { attachment_id: id } : {}) };
}

/**
 * The Attachment Upload API: `POST /{page-id}/message_attachments` with `message: {attachment: {type, payload:
 * {url, is_reusable: true}}}` answers `{attachment_id}`, which sends then name instead of the URL. Meta fetches
 * the URL at once: here a URL that is not https, or whose host is under `.invalid` (RFC 2606: it never
 * resolves), is one Meta cannot fetch. Meta documents the call, not its refusal: the error below (code 100,
 * subcode 2018008, "Failed to fetch the file from the url") is a guess from what developers report.
 */
export function uploadAttachment(
  ctx: GraphContext,
  req: GraphRequest,
  auth: Auth,
  page: Page,
): { attachment_id: string } {
  const { world } = ctx;
  requirePageToken(auth, page, 'POST');
  requireEndpoint(auth, 'uploadAttachment');
  const platform = param(req, 'platform')?.toUpperCase();
  if (platform !== undefined && platform !== 'INSTAGRAM' && platform !== 'MESSENGER')
    throw errors.param('param platform must be one of {INSTAGRAM, MESSENGER}');
  const message = objectParam(req, 'message');
  if (!message) throw errors.param('The parameter message is required');
  const attachment = message.attachment as Record<string, unknown> | undefined;
  const payload = attachment?.payload as Record<string, unknown> | undefined;
  const type = typeof attachment?.type === 'string' ? attachment.type : '';
  if (!MEDIA_TYPES.has(type))
    throw errors.param(
      'param message[attachment][type] must be one of {audio, video, image, file}',
    );
  const url = typeof payload?.url === 'string' ? payload.url : '';
  if (!url) throw errors.param('param message[attachment][payload][url] must be non-empty');
  let host: string;
  try {
    const parsed = new URL(url);
    host = parsed.protocol === 'https:' ? parsed.hostname : '';
  } catch {
    host = '';
  }
  if (!host || host === 'invalid' || host.endsWith('.invalid'))
    throw errors.param('Failed to fetch the file from the url', 2018008);
  return { attachment_id: world.saveAttachment(page.id, type, url) };
}

export { GraphApiError };

interface ButtonTemplate {
  text: string;
  buttons: NonNullable<OutboxEntry['buttons']>;
}

/** The button template's text limit (Messenger Platform, button template reference). */
const BUTTON_TEXT_MAX = 640;
/** A button's title limit (Messenger Platform, buttons reference). */
const BUTTON_TITLE_MAX = 20;

/**
 * `{attachment: {type: 'template', payload: {template_type: 'button', text, buttons}}}`: text of at most 640
 * characters and one to three buttons, each titled in at most 20 characters; a `web_url` button has an https
 * URL (Meta takes only https since 2026-05). Meta documents the limits, not the refusal texts: the messages
 * below are guesses in its `param ...` style.
 */
function buttonTemplate(payload: Record<string, unknown>): ButtonTemplate {
  const text = payload.text;
  if (typeof text !== 'string' || text.length === 0)
    throw errors.param(
      'param message[attachment][payload][text] must be a non-empty UTF-8 encoded string',
    );
  if (countChars(text) > BUTTON_TEXT_MAX)
    throw errors.param(
      `Length of param message[attachment][payload][text] must be less than or equal to ${BUTTON_TEXT_MAX}`,
    );
  const list = payload.buttons;
  if (!Array.isArray(list) || list.length === 0 || list.length > 3)
    throw errors.param('param message[attachment][payload][buttons] must have 1 to 3 buttons');
  const buttons = list.map((raw: unknown, i) => {
    const b = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const at = `message[attachment][payload][buttons][${i}]`;
    if (b.type !== 'web_url' && b.type !== 'postback' && b.type !== 'phone_number')
      throw errors.param(`param ${at}[type] must be one of {web_url, postback, phone_number}`);
    if (
      typeof b.title !== 'string' ||
      b.title.length === 0 ||
      countChars(b.title) > BUTTON_TITLE_MAX
    )
      throw errors.param(`param ${at}[title] must be 1 to ${BUTTON_TITLE_MAX} characters`);
    if (b.type !== 'web_url') {
      if (typeof b.payload !== 'string' || b.payload.length === 0)
        throw errors.param(`param ${at}[payload] must be non-empty`);
      return { type: b.type, url: b.payload, title: b.title };
    }
    if (typeof b.url !== 'string' || !/^https:\/\/[^\s]+$/i.test(b.url))
      throw errors.param(`param ${at}[url] must be a valid https URL`);
    return { type: 'web_url', url: b.url, title: b.title };
  });
  return { text, buttons };
}
