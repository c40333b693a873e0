// Schedules a campaign for tomorrow, to the contacts of a tag (or everyone), then reads its detail: the
// campaign and its delivery funnel.
//   PAGECAST_URL=… PAGECAST_API_KEY=pck_… PAGECAST_PAGE_ID=1234 PAGECAST_TAG=VIP \
//     npx tsx schedule-campaign.ts
import { createPagecastClient, expectOk, type CreateCampaignBody } from '@pagecast/client';

const client = createPagecastClient({
  baseUrl: setting('PAGECAST_URL'),
  apiKey: setting('PAGECAST_API_KEY'),
});
const pageId = setting('PAGECAST_PAGE_ID');
const tagName = process.env.PAGECAST_TAG;

let tagId: string | null = null;
if (tagName) {
  const tags = expectOk(await client.tags.listTags({ params: { pageId } }));
  const found = tags.find((t) => t.tag.name === tagName);
  if (!found) throw new Error(`The page has no tag called ${tagName}`);
  tagId = found.tag.id;
}

const body: CreateCampaignBody = {
  pageId,
  name: `Weekend offer ${new Date().toISOString().slice(0, 10)}`,
  description: 'Scheduled by the @pagecast/client example',
  tagId,
  time: new Date(Date.now() + 86_400_000).toISOString(),
  msg: 'Hi {first_name|there}, our weekend offer starts tomorrow!',
};
const created = await client.campaigns.createCampaign({ body });
if (created.status !== 201) {
  // 400: the campaign form's rules, with each field's message (name, time, msg, ...).
  console.error(`refused (${created.status}): ${created.body.message}`, created.body.fieldErrors);
  process.exit(1);
}
console.log(`scheduled ${created.body.id} for ${created.body.scheduledTime}`);

const { campaign, funnel } = expectOk(
  await client.campaigns.getCampaign({ params: { campaignId: created.body.id } }),
);
console.log(`status ${campaign.status}, audience ${tagName ?? 'all contacts'}`);
console.log(`funnel: ${funnel.audience} in audience, ${funnel.dispatched} sent so far`);

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}
