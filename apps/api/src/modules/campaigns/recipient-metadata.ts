// The Send API's `message.metadata` of a campaign message: which recipient row it was sent for. Meta gives the
// string back, unchanged, in the message's echo (message_echoes), so an echo proves a send whose answer was
// lost (a timeout, a worker killed between the request and its answer) went out, and to whom.

const PREFIX = 'pagecast:recipient:';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PATTERN = new RegExp(`^${PREFIX}(${UUID}):(${UUID})$`);

/** A campaign recipient row's key (campaign, contact) as metadata: 92 characters, under Meta's 1,000. */
export function recipientMetadata(campaignId: string, contactId: string): string {
  return `${PREFIX}${campaignId}:${contactId}`;
}

/** The recipient row an echo's metadata names, or null (another app's, an inbox reply's, or none). */
export function parseRecipientMetadata(
  metadata: string | null | undefined,
): { campaignId: string; contactId: string } | null {
  const m = metadata ? PATTERN.exec(metadata) : null;
  return m?.[1] && m[2] ? { campaignId: m[1], contactId: m[2] } : null;
}
