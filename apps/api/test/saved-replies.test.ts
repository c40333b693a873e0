// Saved replies (docs/inbox.md "Notes and saved replies"): per page, titles unique whatever their case, at
// most 100, known placeholders only; another page's admin sees none of them. Over HTTP on a real Postgres.
import {
  SAVED_REPLY_LIMITS,
  SAVED_REPLY_MESSAGES as M,
  PLACEHOLDER_MESSAGES,
  renderPlaceholders,
} from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf } from './support/client.js';
import {
  createWorld,
  newAdmin,
  newManagedPage,
  type ManagedPage,
  type TestAdmin,
  type World,
} from './support/world.js';

let world: World;
let admin: TestAdmin;
let coAdmin: TestAdmin;
let stranger: TestAdmin;
let page: ManagedPage;
let full: ManagedPage;

beforeAll(async () => {
  world = await createWorld();
  admin = await newAdmin(world, { name: 'Reply Owner' });
  coAdmin = await newAdmin(world, { name: 'Co Admin' });
  stranger = await newAdmin(world, { name: 'Stranger' });
  page = await newManagedPage(world, [admin, coAdmin], 1, 'Replies Page');
  full = await newManagedPage(world, [admin], 0, 'Full Page');
  await newManagedPage(world, [stranger], 0, 'Stranger Page');
});

afterAll(async () => {
  await world?.close();
});

const onPage = (p = page) => ({ params: { pageId: p.pageId } });
const create = (who: TestAdmin, title: string, body: string, p = page) =>
  who.client.savedReplies.createSavedReply({ ...onPage(p), body: { title, body } });

describe('saved replies of a page', () => {
  it('are shared by the admins of the page, by title, with the body as written', async () => {
    const hello = bodyOf(
      await create(admin, '  Welcome ', 'Hi {first_name|there}, thanks for writing!'),
      201,
    ).reply;
    expect(hello).toMatchObject({ pageId: page.pageId, title: 'Welcome' });
    bodyOf(await create(coAdmin, 'address', 'We are at 1 Main St, {first_name}.'), 201);
    const listed = bodyOf(await coAdmin.client.savedReplies.listSavedReplies(onPage()), 200);
    expect(listed.replies.map((r) => r.title)).toEqual(['address', 'Welcome']);
    // What the composer inserts for a contact, from the stored body.
    const body = listed.replies.find((r) => r.id === hello.id)?.body ?? '';
    expect(renderPlaceholders(body, { firstName: 'Ana', lastName: null })).toBe(
      'Hi Ana, thanks for writing!',
    );
    expect(renderPlaceholders(body, { firstName: null, lastName: null })).toBe(
      'Hi there, thanks for writing!',
    );
  });

  it('refuses a taken title whatever its case, on create and on rename', async () => {
    const res = await create(admin, 'WELCOME', 'Another');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: M.duplicateTitle('WELCOME') });
    const other = bodyOf(await create(admin, 'Hours', 'Open 9 to 5'), 201).reply;
    const rename = await admin.client.savedReplies.updateSavedReply({
      params: { pageId: page.pageId, id: other.id },
      body: { title: 'welcome', body: 'Open 9 to 5' },
    });
    expect(rename.status).toBe(409);
    // The same title on another page is fine.
    bodyOf(await create(admin, 'Welcome', 'Hello', full), 201);
  });

  it('refuses empty, too long and unknown-placeholder texts with the rule, storing nothing', async () => {
    const before = bodyOf(await admin.client.savedReplies.listSavedReplies(onPage()), 200).replies;
    const cases: Array<[string, string, string, string]> = [
      ['', 'Body', 'title', M.titleRequired],
      ['x'.repeat(SAVED_REPLY_LIMITS.titleMax + 1), 'Body', 'title', M.titleTooLong],
      ['Empty', '   ', 'body', M.bodyRequired],
      ['Long', 'y'.repeat(SAVED_REPLY_LIMITS.bodyMax + 1), 'body', M.bodyTooLong],
      ['Unknown', 'Hi {nickname}', 'body', PLACEHOLDER_MESSAGES.unknown(['{nickname}'])],
    ];
    for (const [title, body, field, message] of cases) {
      const res = await create(admin, title, body);
      expect(res.status, `${title}/${field}`).toBe(400);
      expect(res.body).toMatchObject({ fieldErrors: { [field]: [message] } });
    }
    const after = bodyOf(await admin.client.savedReplies.listSavedReplies(onPage()), 200).replies;
    expect(after).toEqual(before);
    // The longest allowed body is kept whole.
    const max = bodyOf(await create(admin, 'Max', 'z'.repeat(SAVED_REPLY_LIMITS.bodyMax)), 201);
    expect(max.reply.body).toHaveLength(SAVED_REPLY_LIMITS.bodyMax);
  });

  it('keeps at most 100 per page, even when saved at once', async () => {
    const held = bodyOf(await admin.client.savedReplies.listSavedReplies(onPage(full)), 200).replies
      .length;
    for (let i = held; i < SAVED_REPLY_LIMITS.perPage - 2; i++)
      bodyOf(await create(admin, `Reply ${i}`, 'Text', full), 201);
    // Three at once for the last two places.
    const last = await Promise.all(
      ['A', 'B', 'C'].map((t) => create(admin, `Last ${t}`, 'Text', full)),
    );
    expect(last.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    expect(last.find((r) => r.status === 409)?.body).toMatchObject({ message: M.tooMany });
    const listed = bodyOf(await admin.client.savedReplies.listSavedReplies(onPage(full)), 200);
    expect(listed.replies).toHaveLength(SAVED_REPLY_LIMITS.perPage);
    // Deleting one makes room again.
    const first = listed.replies[0]?.id ?? '';
    bodyOf(
      await admin.client.savedReplies.deleteSavedReply({
        params: { pageId: full.pageId, id: first },
      }),
      200,
    );
    bodyOf(await create(admin, 'Room again', 'Text', full), 201);
  });

  it('edits and deletes, and answers 404 to an admin of another page', async () => {
    const reply = bodyOf(await create(admin, 'Refunds', 'Refunds take 5 days'), 201).reply;
    const target = { params: { pageId: page.pageId, id: reply.id } };
    expect((await stranger.client.savedReplies.listSavedReplies(onPage())).status).toBe(404);
    expect((await create(stranger, 'Sneaky', 'Text')).status).toBe(404);
    expect(
      (
        await stranger.client.savedReplies.updateSavedReply({
          ...target,
          body: { title: 'Changed', body: 'Changed' },
        })
      ).status,
    ).toBe(404);
    expect((await stranger.client.savedReplies.deleteSavedReply(target)).status).toBe(404);
    // An id of another page's reply, through a page the admin does manage: not found either.
    expect(
      (
        await admin.client.savedReplies.deleteSavedReply({
          params: { pageId: full.pageId, id: reply.id },
        })
      ).status,
    ).toBe(404);

    const edited = bodyOf(
      await coAdmin.client.savedReplies.updateSavedReply({
        ...target,
        body: { title: 'Refunds', body: 'Refunds take 3 days, {first_name}' },
      }),
      200,
    ).reply;
    expect(edited.body).toBe('Refunds take 3 days, {first_name}');
    bodyOf(await coAdmin.client.savedReplies.deleteSavedReply(target), 200);
    expect((await coAdmin.client.savedReplies.deleteSavedReply(target)).status).toBe(404);
  });
});
