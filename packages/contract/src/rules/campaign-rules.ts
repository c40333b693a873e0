import { z } from 'zod';
import { LIMITS, PROMOTION, type Purpose } from '../constants';
import { CAMPAIGN_MESSAGES as M } from './messages';
import { MARKETING_TEXT_MAX, placeholderError } from './placeholders';
import { isPurpose, PURPOSE_MESSAGES } from './purpose-rules';
import { TemplateParamMap } from './template-rules';
import { wholeNumberIn } from './whole-number';
import {
  ALL_USERS,
  AUDIENCE_MESSAGES,
  audienceOfTag,
  CampaignAudience,
  isAllUsers,
  singleTagOf,
} from './audience-rules';

/** The current time truncated to the minute: spec §5 allows a time in the current minute. */
export function startOfMinute(now: Date): Date {
  const d = new Date(now);
  d.setUTCSeconds(0, 0);
  return d;
}

/** Date-and-time rule of spec §5; `value` may be a Date, an ISO string or anything else. */
/** How far ahead a campaign may be scheduled: a year (an extended-year ISO date is refused, not stored). */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

export function dateTimeError(value: unknown, now: Date = new Date()): string | undefined {
  if (value === undefined || value === null || value === '') return M.dateTimeRequired;
  const date =
    value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return M.dateTimeInvalid;
  if (date.getTime() < startOfMinute(now).getTime()) return M.dateTimeInPast;
  if (date.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_MS) return M.dateTimeTooFar;
  return undefined;
}

/**
 * A trimmed text field that reports only its first failing rule, as a form shows one message
 * per field: required, then the minimum, then the maximum.
 */
const ruledText = (
  required: string,
  min: number,
  minMessage: string,
  max: number,
  maxMessage: string,
) =>
  z
    .any()
    .superRefine((value, ctx) => {
      const text = typeof value === 'string' ? value.trim() : '';
      const message = !text
        ? required
        : text.length < min
          ? minMessage
          : text.length > max
            ? maxMessage
            : undefined;
      if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    })
    .transform((value) => (value as string).trim());

const campaignName = ruledText(
  M.nameRequired,
  LIMITS.campaignNameMin,
  M.nameTooShort,
  LIMITS.campaignNameMax,
  M.nameTooLong,
);
const campaignDescription = ruledText(
  M.descriptionRequired,
  LIMITS.campaignDescriptionMin,
  M.descriptionTooShort,
  LIMITS.campaignDescriptionMax,
  M.descriptionTooLong,
);
const campaignMessage = ruledText(
  M.messageRequired,
  LIMITS.campaignMessageMin,
  M.messageTooShort,
  LIMITS.campaignMessageMax,
  M.messageTooLong,
);
/** Purpose (spec §10.8): optional, a promotion unless one of the three updates is chosen. */
const contentType = z
  .any()
  .superRefine((value, ctx) => {
    if (value === undefined || value === null || value === '' || isPurpose(value)) return;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: PURPOSE_MESSAGES.invalid });
  })
  .transform((value): Purpose => (isPurpose(value) ? value : PROMOTION));

const returnDelay = wholeNumberIn(
  LIMITS.returnDelayMinutesMin,
  LIMITS.returnDelayMinutesMax,
  M.returnDelayInvalid,
).default(LIMITS.returnDelayMinutesDefault);

/**
 * A test of the campaign message to the admin's own conversation with the page (the review before Confirm):
 * the message's own rules, placeholders included.
 */
export const testCampaignMessageBodySchema = z
  .object({
    msg: campaignMessage,
    /** The campaign's image, sent before the text as the standard sends do. */
    imageUrl: z.lazy(() => campaignImageUrl).optional(),
  })
  .superRefine((body, ctx) => refineMessage({ message: body.msg }, 'msg', ctx));

/** A date-time field validated against `now()` at parse time. */
const dateTimeField = (now: () => Date) =>
  z.any().superRefine((value, ctx) => {
    const error = dateTimeError(value, now());
    if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
  });

/** Link buttons on standard sends: Meta's button template (its text and buttons' limits). */
export const CAMPAIGN_BUTTON_LIMITS = { max: 3, titleMax: 20, textMax: 640 } as const;
export const BUTTON_MESSAGES = {
  tooMany: `At most ${CAMPAIGN_BUTTON_LIMITS.max} buttons`,
  titleRequired: 'Button text is required',
  titleTooLong: `Button text cannot exceed ${CAMPAIGN_BUTTON_LIMITS.titleMax} characters`,
  urlInvalid: 'Enter a link starting with https://',
} as const;
export const CampaignButton = z.object({
  title: z
    .string()
    .trim()
    .min(1, BUTTON_MESSAGES.titleRequired)
    .max(CAMPAIGN_BUTTON_LIMITS.titleMax, BUTTON_MESSAGES.titleTooLong),
  url: z
    .string()
    .trim()
    .max(2000, BUTTON_MESSAGES.urlInvalid)
    .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, BUTTON_MESSAGES.urlInvalid),
});
export type CampaignButton = z.infer<typeof CampaignButton>;
const campaignButtons = z
  .array(CampaignButton)
  .max(CAMPAIGN_BUTTON_LIMITS.max, BUTTON_MESSAGES.tooMany)
  .default([]);

/**
 * An image sent before the text on standard sends: a public https address of a JPEG, PNG or GIF (the image
 * types Messenger shows; Meta takes attachments up to 25 MB, checked when it fetches the image at start).
 */
export const CAMPAIGN_IMAGE_LIMITS = { urlMax: 2000, maxBytes: 25 * 1024 * 1024 } as const;
export const IMAGE_MESSAGES = {
  urlInvalid: 'Enter an image address starting with https://',
  typeInvalid: 'The image must be a .jpg, .jpeg, .png or .gif file',
  tooLarge: 'The image must be at most 25 MB',
  unreachable: 'The image could not be fetched from that address',
} as const;
const IMAGE_EXTENSION = /\.(jpe?g|png|gif)$/i;
/** Why an image address is refused, or null. */
function imageUrlError(url: string): string | null {
  if (
    url.length > CAMPAIGN_IMAGE_LIMITS.urlMax ||
    !/^https:\/\/[^\s/$.?#][^\s]*$/i.test(url) ||
    !URL.canParse(url)
  )
    return IMAGE_MESSAGES.urlInvalid;
  return IMAGE_EXTENSION.test(new URL(url).pathname) ? null : IMAGE_MESSAGES.typeInvalid;
}
const imageUrlRule = (ctx: z.RefinementCtx, url: string) => {
  const error = url === '' ? null : imageUrlError(url);
  if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
};
/** The creation body's and the test send's image: an address, never ''. */
export const campaignImageUrl = z
  .string()
  .trim()
  .min(1, IMAGE_MESSAGES.urlInvalid)
  .superRefine((url, ctx) => imageUrlRule(ctx, url));
/** The form's field: '' = no image. */
const imageUrlField = z
  .string()
  .trim()
  .superRefine((url, ctx) => imageUrlRule(ctx, url))
  .default('');

/**
 * The message's placeholders (`{first_name}`), checked once its length rules passed: known names only, and
 * room for long names within Meta's limit for the paths it may take (a marketing message's text and a
 * button template's are shorter).
 */
function refineMessage(
  body: { message?: unknown; marketing?: boolean; buttons?: unknown[] },
  path: string,
  ctx: z.RefinementCtx,
) {
  if (typeof body.message !== 'string') return;
  const short = body.marketing || (body.buttons?.length ?? 0) > 0;
  const error = placeholderError(body.message, short ? MARKETING_TEXT_MAX : undefined);
  if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: error });
}

/** The Schedule Campaign form (spec §3 "Campaign form", §5). */
export const makeCampaignFormSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      campaignName,
      campaignDescription,
      selectedTag: z.string().optional().default(''),
      /** The audience picker's choice (spec §10.9); a `selectedTag` takes its place when set. */
      audience: CampaignAudience.default(ALL_USERS),
      dateTime: dateTimeField(now).transform((v) => new Date(v as string | Date)),
      /** The time follows the clock ('Send now'): the server's clock decides it. */
      sendNow: z.boolean().default(false),
      message: campaignMessage,
      contentType,
      /** '' = no template: recipients outside the window are skipped. */
      templateId: z.string().optional().default(''),
      templateParams: TemplateParamMap.default({}),
      /** Leave out the contacts no allowed path reaches (instead of counting them as skipped). */
      reachableOnly: z.boolean().default(true),
      /** Deliver on return: days the skipped recipients wait for their next message (0 = off). */
      deliverOnReturnDays: z.number().int().min(0).max(LIMITS.deliverOnReturnDaysMax).default(0),
      /** Deliver on return: minutes to wait for a person's answer before the campaign goes. */
      returnDelayMinutes: returnDelay,
      /** Paid marketing messages to the subscribers outside the window. */
      marketing: z.boolean().default(false),
      /** Link buttons on the standard sends. */
      buttons: campaignButtons,
      /** An image sent before the text on the standard sends ('' = none). */
      imageUrl: imageUrlField,
    })
    .superRefine((form, ctx) => refineMessage(form, 'message', ctx));
export const campaignFormSchema = makeCampaignFormSchema();
export type CampaignFormInput = z.input<typeof campaignFormSchema>;
export type CampaignFormValues = z.output<typeof campaignFormSchema>;

const uuid = z.string().uuid(M.tagInvalid);

/** The creation payload (spec §3) with the same rules on the server's field names. */
const createCampaignObject = (now: () => Date) =>
  z
    .object({
      name: campaignName,
      description: campaignDescription,
      pageId: z.string({ required_error: M.pageRequired }).regex(/^\d{1,32}$/, 'Invalid page id'),
      tagId: uuid.nullable().default(null),
      /** Who gets it (spec §10.9): tags combined, narrowed, subscribers only. Null: `tagId`, or all users. */
      audience: CampaignAudience.nullable().default(null),
      time: dateTimeField(now).transform((v) => new Date(v as string).toISOString()),
      /** 'Send now': the campaign goes at the server's time, whatever `time` says (see below). */
      sendNow: z.boolean().default(false),
      type: contentType,
      msg: campaignMessage,
      /** A utility template for recipients outside the 24-hour window (null: they are skipped). */
      templateId: z.string().uuid('Template must be a valid template id').nullable().default(null),
      /** How each of the template's parameters is filled (checked against the template by the server). */
      templateParams: TemplateParamMap.default({}),
      /** Only contacts a path reaches at the snapshot join the audience (the rest are left out, not skipped). */
      reachableOnly: z.boolean().default(false),
      /**
       * Deliver on return: for this many days after the scheduled time, a skipped recipient who writes to the
       * page gets the campaign message in their fresh 24-hour window, once. Null: off.
       */
      deliverOnReturnDays: wholeNumberIn(1, LIMITS.deliverOnReturnDaysMax, M.returnDaysInvalid)
        .nullable()
        .default(null),
      /**
       * Deliver on return: the send waits until a person has answered the contact, or this many minutes
       * without an answer (never the instant reply to their question).
       */
      returnDelayMinutes: returnDelay,
      /** Subscribers outside the window get a paid marketing message (the page must be set up for it). */
      marketing: z.boolean().default(false),
      /** Link buttons on the standard sends (Meta's button template); marketing and utility sends are text. */
      buttons: campaignButtons,
      /** An image sent before the text on the standard sends (null: none); other paths send the text only. */
      imageUrl: campaignImageUrl.nullable().default(null),
    })
    .superRefine((body, ctx) => {
      refineMessage(
        { message: body.msg, marketing: body.marketing, buttons: body.buttons },
        'msg',
        ctx,
      );
      if (body.tagId !== null && body.audience !== null)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['audience'],
          message: AUDIENCE_MESSAGES.tagAndAudience,
        });
      if (body.reachableOnly && body.deliverOnReturnDays !== null)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['deliverOnReturnDays'],
          message: M.returnNeedsEveryone,
        });
    });

/**
 * With `sendNow`, the server's clock sets `time` before any rule reads it: a browser's "now" that crossed a
 * minute's edge in transit, or came from a clock running behind the server's, was refused as in the past.
 * This is `z.preprocess` spelled out: `z.preprocess` types its input as `unknown`, which left the typed
 * clients (web hooks, API tests) without a body type, while the step only rewrites `time`, a field the
 * object already has, so the object's input is the schema's input. All the object's fields are still
 * checked in one pass (their errors come back together).
 */
export const makeCreateCampaignBodySchema = (now: () => Date = () => new Date()) => {
  const object = createCampaignObject(now);
  return new z.ZodEffects<typeof object, z.output<typeof object>, z.input<typeof object>>({
    schema: object,
    typeName: z.ZodFirstPartyTypeKind.ZodEffects,
    effect: {
      type: 'preprocess',
      transform: (body: unknown): unknown =>
        body !== null &&
        typeof body === 'object' &&
        (body as { sendNow?: unknown }).sendNow === true
          ? { ...body, time: now().toISOString() }
          : body,
    },
  });
};
export const createCampaignBodySchema = makeCreateCampaignBodySchema();
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

/** Form values -> creation payload (spec §3: tagId null when no tag is chosen). */
export function toCreateCampaignBody(
  values: CampaignFormValues,
  pageId: string,
): CreateCampaignBody {
  // 'All users' and one tag go as before (tagId); anything else as the audience.
  const audience = values.selectedTag ? audienceOfTag(values.selectedTag) : values.audience;
  const tagId = singleTagOf(audience);
  return {
    name: values.campaignName,
    description: values.campaignDescription,
    pageId,
    tagId,
    audience: tagId || isAllUsers(audience) ? null : audience,
    time: values.dateTime.toISOString(),
    sendNow: values.sendNow,
    type: values.contentType,
    msg: values.message,
    templateId: values.templateId ? values.templateId : null,
    templateParams: values.templateId ? values.templateParams : {},
    // Keeping the others waiting needs them in the audience: the form turns reachableOnly off for it.
    reachableOnly: values.deliverOnReturnDays > 0 ? false : values.reachableOnly,
    deliverOnReturnDays: values.deliverOnReturnDays > 0 ? values.deliverOnReturnDays : null,
    returnDelayMinutes: values.returnDelayMinutes,
    marketing: values.marketing,
    buttons: values.buttons,
    imageUrl: values.imageUrl ? values.imageUrl : null,
  };
}

/** Maps server field names back to the form's, so server field errors land on their fields. */
export const CAMPAIGN_FIELD_TO_FORM: Record<string, keyof CampaignFormInput> = {
  name: 'campaignName',
  description: 'campaignDescription',
  tagId: 'selectedTag',
  audience: 'audience',
  time: 'dateTime',
  type: 'contentType',
  msg: 'message',
  templateId: 'templateId',
  templateParams: 'templateParams',
  reachableOnly: 'reachableOnly',
  deliverOnReturnDays: 'deliverOnReturnDays',
  returnDelayMinutes: 'returnDelayMinutes',
  marketing: 'marketing',
  buttons: 'buttons',
  imageUrl: 'imageUrl',
};
