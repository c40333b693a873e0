// The Send API's `message.metadata` of a campaign message: which recipient row it was sent for. Meta gives the
// string back, unchanged, in the message's echo (message_echoes), so an echo proves a send whose answer was
// lost (a timeout, a worker killed between the request and its answer) went out, and to whom.

const PREFIX = 'pagecast:recipient:';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PATTERN = new RegExp(`^${PREFIX}(${UUID}):(${UUID})(?::(image))?$`);

/**
 * The part of a recipient's campaign message: its image (sent first, when the campaign has one) or its text
 * (the message itself, which the row's state and counters follow).
 */
export type MessagePart = 'image' | 'text';

/**
 * A campaign recipient row's key (campaign, contact) as metadata: 92 characters, under Meta's 1,000. The
 * image part adds `:image`; the text part is the bare key (as every campaign message was before images).
 */
export function recipientMetadata(
  campaignId: string,
  contactId: string,
  part: MessagePart = 'text',
): string {
  return `${PREFIX}${campaignId}:${contactId}${part === 'image' ? ':image' : ''}`;
}

/** The recipient row and part an echo's metadata names, or null (another app's, an inbox reply's, or none). */
export function parseRecipientMetadata(
  metadata: string | null | undefined,
): { campaignId: string; contactId: string; part: MessagePart } | null {
  const m = metadata ? PATTERN.exec(metadata) : null;
  return m?.[1] && m[2]
    ? { campaignId: m[1], contactId: m[2], part: m[3] === 'image' ? 'image' : 'text' }
    : null;
}
