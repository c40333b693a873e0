// Personal placeholders in a text Pagecast sends itself (campaign messages, saved replies):
// `{first_name}` and `{last_name}`, each with an optional fallback after a bar (`{first_name|friend}`), filled
// per recipient from the synced contact. Meta's own double-brace form (`{{first_name}}`, as in utility
// templates) is read the same way, so a text copied from a template keeps working.
import { NAME_FALLBACK } from './template-rules';

export const PLACEHOLDER_NAMES = ['first_name', 'last_name'] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

export interface PlaceholderContact {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}

/**
 * A word between one or two braces, with an optional fallback: `{first_name}`, `{last_name|}`,
 * `{{first_name}}`. Anything else between braces ("{50% off}") is plain text.
 */
const PLACEHOLDER = /\{\{?\s*([a-z_]+)\s*(?:\|([^{}]*))?\}\}?/gi;

/** Meta refuses a text message over 2,000 characters (Send API `message.text`). */
export const MESSENGER_TEXT_MAX = 2000;
/** A marketing message's text: at most 640 characters (Marketing Messages API, message formats). */
export const MARKETING_TEXT_MAX = 640;
/**
 * The longest name part a check assumes. Meta documents no limit for a profile's first or last name; 50 is a
 * guess that covers real names, used only to refuse a text that could pass 2,000 characters once filled.
 */
export const PLAUSIBLE_NAME_MAX = 50;

/** The placeholders of a text that Pagecast does not know, as written (`{order_ref}`), once each. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? '').toLowerCase();
    if (!(PLACEHOLDER_NAMES as readonly string[]).includes(name)) unknown.add(m[0]);
  }
  return [...unknown];
}

/**
 * The text for one contact. Without a name, a placeholder takes its fallback; without a fallback, a first
 * name falls back to 'there' ("Hi there", as template parameters do) and a last name to nothing.
 */
export function renderPlaceholders(text: string, contact: PlaceholderContact): string {
  return text.replace(PLACEHOLDER, (whole, rawName: string, fallback: string | undefined) => {
    const name = rawName.toLowerCase();
    if (name !== 'first_name' && name !== 'last_name') return whole;
    const value = (name === 'first_name' ? contact.firstName : contact.lastName)?.trim();
    if (value) return value;
    if (fallback !== undefined) return fallback.trim();
    return name === 'first_name' ? NAME_FALLBACK : '';
  });
}

/** The longest a text can become once filled, with names of PLAUSIBLE_NAME_MAX characters. */
export function longestRendering(text: string): number {
  const longName = 'x'.repeat(PLAUSIBLE_NAME_MAX);
  return renderPlaceholders(text, { firstName: longName, lastName: longName }).length;
}

/** True when the text has a placeholder of a contact's name (so each recipient's text differs). */
export const hasPlaceholders = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].some((m) =>
    (PLACEHOLDER_NAMES as readonly string[]).includes((m[1] ?? '').toLowerCase()),
  );

export const PLACEHOLDER_MESSAGES = {
  unknown: (found: string[]) =>
    `Unknown placeholder ${found.join(', ')}: use {first_name} or {last_name}, with a fallback after a bar: {first_name|there}`,
  tooLong: (max: number) =>
    `With long names this message could pass Messenger's ${max.toLocaleString('en')} characters: use fewer placeholders`,
} as const;

/**
 * The first problem of a message's placeholders: one Pagecast does not know, or a text that long names could
 * push past `max` (Meta's limit for the path it goes on).
 */
export function placeholderError(
  text: string,
  max: number = MESSENGER_TEXT_MAX,
): string | undefined {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) return PLACEHOLDER_MESSAGES.unknown(unknown);
  if (longestRendering(text) > max) return PLACEHOLDER_MESSAGES.tooLong(max);
  return undefined;
}

/**
 * First and last name from a display name ("Ana María Lopez" -> "Ana", "María Lopez"), for where only the
 * display name is at hand (the inbox's contact): the first word is what people are greeted by.
 */
export function namesOf(displayName: string | null | undefined): PlaceholderContact {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: words[0] ?? null,
    lastName: words.length > 1 ? words.slice(1).join(' ') : null,
  };
}
