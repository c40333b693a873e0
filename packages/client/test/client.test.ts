// The client against the running Pagecast (test/global-setup.ts): answers as typed values, the errors the
// contract declares as values too, and the key sent as a Bearer header on every call.
import { describe, expect, expectTypeOf, inject, it } from 'vitest';
import {
  createPagecastClient,
  expectOk,
  isOk,
  isPagecastError,
  PagecastError,
  type ErrorBody,
  type Recipient,
} from '../src/index';
import { outboxOf } from '../../../apps/api/test/support/emulator-control.js';

const world = inject('pagecast');
const client = () => createPagecastClient({ baseUrl: world.baseUrl, apiKey: world.credential });
/** Contacts of their own: the pack check's examples use the first one. */
const contact = () => world.contacts[1] as { psid: string; name: string };
/** A page id no admin of this run manages. */
const STRANGE_PAGE = '987654321012345';

describe('typed answers', () => {
  it("lists the page's conversations as the contract's Recipient", async () => {
    const res = await client().inbox.getRecipients({ params: { pageId: world.pageId } });
    expect(res.status).toBe(200);
    if (!isOk(res)) throw new Error(`answered ${res.status}`);
    expectTypeOf(res.body.recipients).toEqualTypeOf<Recipient[]>();
    expect(res.body.recipients.map((r) => r.name).sort()).toEqual(
      world.contacts.map((c) => c.name).sort(),
    );
    expect(res.body.recipients.every((r) => r.windowOpen)).toBe(true);
  });

  it('sends a message: 201 with the stored message, and Messenger has it', async () => {
    const text = `Typed send ${Date.now()}`;
    const sent = expectOk(
      await client().inbox.sendMessage({
        params: { pageId: world.pageId, userId: contact().psid },
        body: { message: text },
      }),
    );
    expect(sent.message).toMatchObject({ message: text, sentBy: world.pageId });
    const outbox = await outboxOf(world.emulatorUrl, world.pageId);
    expect(outbox.some((m) => m.recipient === contact().psid && m.text === text)).toBe(true);
  });
});

describe('typed errors', () => {
  it("another admin's (or no one's) page is a 404 value with the error body", async () => {
    const res = await client().inbox.getRecipients({ params: { pageId: STRANGE_PAGE } });
    expect(res.status).toBe(404);
    if (res.status !== 404) return;
    expectTypeOf(res.body).toEqualTypeOf<ErrorBody>();
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('a broken rule is a 400 value naming the field; nothing is sent', async () => {
    const before = (await outboxOf(world.emulatorUrl, world.pageId)).length;
    const res = await client().inbox.sendMessage({
      params: { pageId: world.pageId, userId: contact().psid },
      body: { message: '   ' },
    });
    expect(res.status).toBe(400);
    if (res.status !== 400) return;
    expect(res.body.fieldErrors?.message?.length).toBeGreaterThan(0);
    expect((await outboxOf(world.emulatorUrl, world.pageId)).length).toBe(before);
  });

  it('expectOk throws a PagecastError with the status, message and field errors', async () => {
    const res = await client().tags.createTag({
      body: { pageId: world.pageId, name: '', description: 'No name' },
    });
    const thrown = (() => {
      try {
        expectOk(res);
      } catch (err) {
        return err;
      }
    })();
    expect(isPagecastError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ status: 400, message: 'Validation failed' });
    expect((thrown as PagecastError).fieldErrors?.name?.length).toBeGreaterThan(0);
  });

  it('an answer without an error body keeps its status and says so', () => {
    const err = new PagecastError(502, '<html>Bad Gateway</html>');
    expect(err).toMatchObject({ status: 502, fieldErrors: undefined });
    expect(err.message).toBe('Pagecast answered 502 without an error body');
  });
});

describe('authentication', () => {
  it('sends Authorization: Bearer <apiKey> on every call, through the fetch it is given', async () => {
    const seen: Array<string | null> = [];
    const recording = createPagecastClient({
      baseUrl: `${world.baseUrl}/`,
      apiKey: world.credential,
      fetch: (input, init) => {
        seen.push(new Headers(init?.headers).get('authorization'));
        return fetch(input, init);
      },
    });
    expect((await recording.tags.listTags({ params: { pageId: world.pageId } })).status).toBe(200);
    expect(
      (
        await recording.userTags.getUserTags({
          params: { pageId: world.pageId, userId: contact().psid },
        })
      ).status,
    ).toBe(200);
    expect(seen).toEqual([`Bearer ${world.credential}`, `Bearer ${world.credential}`]);
  });

  it('a key the API does not know is a 401 value', async () => {
    const stranger = createPagecastClient({ baseUrl: world.baseUrl, apiKey: 'pck_not-a-real-key' });
    const res = await stranger.inbox.getRecipients({ params: { pageId: world.pageId } });
    expect(res.status).toBe(401);
  });

  it('refuses to start without a key or with a base URL that is not http(s)', () => {
    expect(() => createPagecastClient({ baseUrl: world.baseUrl, apiKey: ' ' })).toThrow(
      'apiKey is required',
    );
    expect(() => createPagecastClient({ baseUrl: 'pagecast.local', apiKey: 'k' })).toThrow(
      'baseUrl is not a URL',
    );
    expect(() => createPagecastClient({ baseUrl: 'ftp://pagecast.local', apiKey: 'k' })).toThrow(
      'must be http(s)',
    );
  });
});
