// Personalisation of a text Pagecast sends itself (saved replies; not Meta's templates, whose `{{name}}`
// parameters Meta fills): `{first_name}` and `{last_name}` become the contact's names, and
// `{first_name|there}` falls back to "there" when the name is not known. Pure, so the composer previews
// exactly what the contact will read.

export const PLACEHOLDER_NAMES = ['first_name', 'last_name'] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

export interface PlaceholderValues {
  firstName: string | null | undefined;
  lastName: string | null | undefined;
}

/** `{name}` or `{name|fallback}`; a fallback holds no braces or bars. */
const PLACEHOLDER = /\{\s*([a-z_]+)\s*(?:\|([^{}|]*))?\}/g;

export const PLACEHOLDER_MESSAGES = {
  unknown: (name: string) =>
    `Unknown placeholder {${name}}: use {first_name} or {last_name}, with a fallback as {first_name|there}`,
} as const;

const isKnown = (name: string): name is PlaceholderName =>
  (PLACEHOLDER_NAMES as readonly string[]).includes(name);

/** The first placeholder the renderer would not fill, as a message; null when every one is known. */
export function placeholderError(text: string): string | null {
  for (const m of text.matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (!isKnown(name)) return PLACEHOLDER_MESSAGES.unknown(name);
  }
  return null;
}

/**
 * The text with its placeholders filled. A missing name without a fallback leaves nothing, and the space
 * it would have taken before punctuation goes too ("Hi {first_name}!" -> "Hi!"). Unknown names stay as
 * written (`placeholderError` refuses them where a text is saved).
 */
export function renderPlaceholders(text: string, values: PlaceholderValues): string {
  let emptied = false;
  const out = text.replace(PLACEHOLDER, (whole, name: string, fallback: string | undefined) => {
    if (!isKnown(name)) return whole;
    const value = (name === 'first_name' ? values.firstName : values.lastName)?.trim();
    if (value) return value;
    const alt = fallback?.trim() ?? '';
    if (!alt) emptied = true;
    return alt;
  });
  if (!emptied) return out;
  return out
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/**
 * First and last name from a display name ("Ana María Lopez" -> "Ana", "María Lopez"), for where only the
 * display name is at hand: the first word is what people are greeted by.
 */
export function namesOf(displayName: string | null | undefined): PlaceholderValues {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: words[0] ?? null,
    lastName: words.length > 1 ? words.slice(1).join(' ') : null,
  };
}
