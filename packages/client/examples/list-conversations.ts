// The page's conversations, most recent activity first: every page of them (keyset paging).
//   PAGECAST_URL=https://pagecast.example.com PAGECAST_API_KEY=pck_… PAGECAST_PAGE_ID=1234 \
//     npx tsx list-conversations.ts
import { createPagecastClient, expectOk } from '@pagecast/client';

const client = createPagecastClient({
  baseUrl: setting('PAGECAST_URL'),
  apiKey: setting('PAGECAST_API_KEY'),
});
const pageId = setting('PAGECAST_PAGE_ID');

let after: string | undefined;
let count = 0;
do {
  // expectOk: the 200 body, typed by the contract; any other answer throws a PagecastError.
  const { recipients, paging } = expectOk(
    await client.inbox.getRecipients({ params: { pageId }, query: { limit: 50, after } }),
  );
  for (const contact of recipients) {
    const window = contact.windowOpen ? 'window open' : 'window closed';
    console.log(`${contact.id}\t${contact.name}\t${window}\t${contact.lastMessagePreview ?? ''}`);
  }
  count += recipients.length;
  after = paging.nextCursor ?? undefined;
} while (after);
console.log(`${count} conversations`);

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}
