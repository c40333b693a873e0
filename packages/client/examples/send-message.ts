// Sends a message to a contact (inside Messenger's 24-hour window) and reads every answer the route may give.
//   PAGECAST_URL=… PAGECAST_API_KEY=pck_… PAGECAST_PAGE_ID=1234 PAGECAST_PSID=5678 \
//     PAGECAST_MESSAGE='Your order is ready' npx tsx send-message.ts
import { createPagecastClient } from '@pagecast/client';

const client = createPagecastClient({
  baseUrl: setting('PAGECAST_URL'),
  apiKey: setting('PAGECAST_API_KEY'),
});

const res = await client.inbox.sendMessage({
  params: { pageId: setting('PAGECAST_PAGE_ID'), userId: setting('PAGECAST_PSID') },
  body: { message: process.env.PAGECAST_MESSAGE ?? 'Hello from @pagecast/client' },
});
// Each status the contract lists for the route is a value with its own typed body.
switch (res.status) {
  case 201:
    console.log(`sent ${res.body.message.id} at ${res.body.message.createdAt}`);
    break;
  case 400:
    // A broken rule: the message of each field that broke one.
    console.error(`refused: ${res.body.message}`, res.body.fieldErrors ?? {});
    process.exitCode = 1;
    break;
  case 422:
    // The contact's window is closed: a standard message may not reach them now.
    console.error(`cannot send now: ${res.body.message}`);
    process.exitCode = 1;
    break;
  case 502:
    // Messenger did not confirm the send: it may or may not have gone out (check before retrying).
    console.error(`not confirmed: ${res.body.message}`);
    process.exitCode = 1;
    break;
  default:
    console.error(`Pagecast answered ${res.status}: ${res.body.message}`);
    process.exitCode = 1;
}

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}
