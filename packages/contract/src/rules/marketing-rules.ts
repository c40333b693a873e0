import { z } from 'zod';

/** Marketing messages: not in the spec (Meta's paid Marketing Message API, 2026); Meta's rules in plain words. */
export const MARKETING_MESSAGES = {
  adAccountInvalid: 'Enter the ad account id, e.g. act_1234567890',
  adAccountRefused:
    'Meta does not let this page use that ad account: check the id, and that you manage the ad account.',
  notSetUp: 'Set up marketing messages for this page first (Marketing).',
  noSubscribers:
    'Nobody in this audience is subscribed to marketing messages yet: ask contacts to subscribe in Chats.',
  scheduledMarketing:
    'A scheduled campaign sends marketing messages with this ad account: cancel it or let it finish first.',
  titleRequired: 'Topic is required',
  titleTooLong: 'Topic cannot exceed 65 characters',
  outsideWindow:
    'They last wrote more than 24 hours ago: Meta allows the request only within 24 hours of their last message.',
  askedThisWeek: (title: string, next: string) =>
    `Already asked about “${title}” this week: Meta allows one request per topic a week (next from ${next}).`,
  alreadySubscribed: (title: string) => `Already subscribed to “${title}”.`,
  notSubscribed: 'They are not subscribed to marketing messages.',
  billingNotice:
    'Meta bills each marketing message delivered, on this ad account. People in the EU, the UK, Japan, South Korea and Australia cannot receive them. Only contacts who opted in get them, at most one every 12 hours.',
} as const;

/** The title Meta shows in the opt-in request when none is given. */
export const DEFAULT_OPTIN_TITLE = 'Updates and promotions';
/** Meta: one opt-in request per topic per contact a week. */
export const OPTIN_REQUEST_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

/** Contacts one bulk 'Ask to subscribe' asks at most: the rest are asked by the next one. */
export const BULK_OPTIN_MAX = 500;
/** Bulk 'Ask to subscribe' runs one admin may start a minute. */
export const BULK_OPTIN_PER_MINUTE = 3;
export const BULK_OPTIN_LIMIT_MESSAGE =
  'You asked a filter to subscribe a moment ago: wait a minute before asking again.';

/** 'act_123' or '123' -> 'act_123'. */
export const AdAccountId = z
  .string({
    required_error: MARKETING_MESSAGES.adAccountInvalid,
    invalid_type_error: MARKETING_MESSAGES.adAccountInvalid,
  })
  .trim()
  .regex(/^(act_)?\d{1,20}$/, MARKETING_MESSAGES.adAccountInvalid)
  .transform((v) => (v.startsWith('act_') ? v : `act_${v}`));

export const connectMarketingBodySchema = z.object({ adAccountId: AdAccountId });

export const askToSubscribeBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, MARKETING_MESSAGES.titleRequired)
    .max(65, MARKETING_MESSAGES.titleTooLong)
    .default(DEFAULT_OPTIN_TITLE),
});
