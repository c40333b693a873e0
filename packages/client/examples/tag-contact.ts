// Tags a contact, creating the page's tag first when it has none of that name; lists the contact's tags.
//   PAGECAST_URL=… PAGECAST_API_KEY=pck_… PAGECAST_PAGE_ID=1234 PAGECAST_PSID=5678 PAGECAST_TAG=VIP \
//     npx tsx tag-contact.ts
import { createPagecastClient, expectOk, isPagecastError, type Tag } from '@pagecast/client';

const client = createPagecastClient({
  baseUrl: setting('PAGECAST_URL'),
  apiKey: setting('PAGECAST_API_KEY'),
});
const pageId = setting('PAGECAST_PAGE_ID');
const userId = setting('PAGECAST_PSID');
const tagName = process.env.PAGECAST_TAG ?? 'VIP';

try {
  const tag = await findOrCreateTag(tagName);
  // Adding a tag the contact already has is a no-op: safe to run again.
  expectOk(await client.userTags.addUserTag({ body: { pageId, userId, tagId: tag.id } }));
  const tags = expectOk(await client.userTags.getUserTags({ params: { pageId, userId } }));
  console.log(`tagged ${userId} with ${tag.name} (${tag.id})`);
  console.log(`tags of ${userId}: ${tags.map((t) => t.name).join(', ')}`);
} catch (err) {
  // expectOk threw: the API's status, message and, for a broken rule, each field's message.
  if (!isPagecastError(err)) throw err;
  console.error(`Pagecast answered ${err.status}: ${err.message}`, err.fieldErrors ?? {});
  process.exitCode = 1;
}

async function findOrCreateTag(name: string): Promise<Pick<Tag, 'id' | 'name'>> {
  const tags = expectOk(await client.tags.listTags({ params: { pageId } }));
  const found = tags.find((t) => t.tag.name.toLowerCase() === name.toLowerCase());
  if (found) return found.tag;
  const created = expectOk(
    await client.tags.createTag({
      body: { pageId, name, description: `Tagged by the ${name} script` },
    }),
  );
  return created.tag;
}

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}
