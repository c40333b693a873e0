import { TAG_MESSAGES as M, contract } from '@pagecast/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, contactTags, contacts, tags } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { at } from './support/assert.js';
import { apiClient, bodyOf, type ApiClient } from './support/client.js';
import { newAdmin, newManagedPage, type ManagedPage, type TestAdmin } from './support/world.js';

let t: TestApp;
let owner: TestAdmin;
let stranger: TestAdmin;
let page: ManagedPage;
let otherPage: ManagedPage;

beforeAll(async () => {
  t = await createTestApp();
  owner = await newAdmin(t, { name: 'Owner' });
  stranger = await newAdmin(t, { name: 'Stranger' });
  page = await newManagedPage(t, [owner], 4);
  otherPage = await newManagedPage(t, [owner], 2);
  await newManagedPage(t, [stranger], 1);
});
afterAll(async () => {
  await t?.close();
});

type Headers = { authorization: string };
type Tags = ApiClient['tags'];
const as = (headers: Headers) => apiClient(t.app, headers).tags;
const create = (body: Parameters<Tags['createTag']>[0]['body'], headers = owner.headers) =>
  as(headers).createTag({ body });
const list = (pageId: string, headers = owner.headers) =>
  as(headers).listTags({ params: { pageId } });
const update = (
  id: string,
  body: Parameters<Tags['updateTag']>[0]['body'],
  headers = owner.headers,
) => as(headers).updateTag({ params: { id }, body });
const remove = (id: string, headers = owner.headers) => as(headers).deleteTag({ params: { id } });
// Bodies the contract's types forbid (fields missing or of the wrong type) are sent raw, to the
// contract's path.
const createRaw = (body: object, headers: Partial<Headers> = owner.headers) =>
  t.app.inject({ method: 'POST', url: contract.tags.createTag.path, headers, payload: body });

async function createOk(name: string, pageId = page.pageId, description = 'Some description') {
  const res = await create({ name, description, pageId });
  return bodyOf(res, 201).tag;
}

async function assign(pageUuid: string, psid: string, tagId: string) {
  const contact = at(
    await t.database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.psid, psid)),
    0,
  );
  await t.database.db
    .insert(contactTags)
    .values({ contactId: contact.id, tagId, pageId: pageUuid });
}

describe('POST /api/v1/tags', () => {
  it('creates a tag and answers 201 {success, tag, message}', async () => {
    const res = await create({
      name: '  VIP Buyers ',
      description: 'Bought twice, or more.',
      pageId: page.pageId,
    });
    const body = bodyOf(res, 201);
    expect(body).toEqual({
      success: true,
      tag: {
        id: expect.any(String),
        name: 'VIP Buyers',
        description: 'Bought twice, or more.',
        pageId: page.pageId,
      },
      message: 'Tag created successfully!',
    });
    const row = at(await t.database.db.select().from(tags).where(eq(tags.id, body.tag.id)), 0);
    expect(row).toMatchObject({ pageId: page.id, name: 'VIP Buyers' });
  });

  it.each([
    [{ name: '', description: 'Fine text' }, { name: [M.nameRequired] }],
    [{ name: '   ', description: 'Fine text' }, { name: [M.nameRequired] }],
    [{ name: 'ab', description: 'Fine text' }, { name: [M.nameTooShort] }],
    [{ name: 'a'.repeat(21), description: 'Fine text' }, { name: [M.nameTooLongLive] }],
    [{ name: 'Bad!name', description: 'Fine text' }, { name: [M.nameInvalid, M.nameInvalidLive] }],
    // Underscores pass the form rule but not the live one: both rule sets hold on the server.
    [{ name: 'snake_case', description: 'Fine text' }, { name: [M.nameInvalidLive] }],
    [{ name: 'Good', description: '' }, { description: [M.descriptionRequired] }],
    [{ name: 'Good', description: 'ab' }, { description: [M.descriptionTooShort] }],
    [{ name: 'Good', description: 'a'.repeat(61) }, { description: [M.descriptionTooLongLive] }],
    [
      { name: 'Good', description: 'a'.repeat(201) },
      { description: [M.descriptionTooLong, M.descriptionTooLongLive] },
    ],
    [{ name: 'Good', description: 'No #hashtags' }, { description: [M.descriptionInvalidLive] }],
    [
      { name: 'x', description: '' },
      { name: [M.nameTooShort], description: [M.descriptionRequired] },
    ],
  ])('answers 400 with the spec messages for %j', async (fields, fieldErrors) => {
    const before = await t.database.db.select().from(tags);
    const res = await create({ ...fields, pageId: page.pageId });
    expect(bodyOf(res, 400)).toEqual({ message: 'Validation failed', fieldErrors });
    expect(await t.database.db.select().from(tags)).toHaveLength(before.length);
  });

  it('answers 400 for missing or mistyped fields, never a 500', async () => {
    const missing = await createRaw({ pageId: page.pageId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      name: [M.nameRequired],
      description: [M.descriptionRequired],
    });
    const typed = await createRaw({ name: 42, description: ['x'], pageId: page.pageId });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().fieldErrors).toMatchObject({
      name: [M.nameRequired],
      description: [M.descriptionRequired],
    });
    const badPage = await create({ name: 'Good', description: 'Fine text', pageId: 'abc' });
    expect(bodyOf(badPage, 400).fieldErrors).toEqual({ pageId: ['Must be a numeric id'] });
  });

  it('accepts the limits exactly: 3 and 20 characters of name, 3 and 60 of description', async () => {
    await createOk('abc', page.pageId, 'a-b');
    await createOk('A'.repeat(20), page.pageId, 'Letters, digits 0-9. And more'.padEnd(60, 'x'));
  });

  it('refuses a duplicate name on the same page, whatever the case, with 409', async () => {
    await createOk('Newsletter');
    for (const name of ['Newsletter', 'NEWSLETTER', ' newsletter ']) {
      const res = await create({ name, description: 'Again', pageId: page.pageId });
      expect(bodyOf(res, 409)).toEqual({
        message: `A tag named "${name.trim()}" already exists on this page`,
      });
    }
    const rows = await t.database.db.select().from(tags).where(eq(tags.pageId, page.id));
    expect(rows.filter((r) => r.name.toLowerCase() === 'newsletter')).toHaveLength(1);
  });

  it('allows the same name on another page', async () => {
    await createOk('Shared Name', page.pageId);
    await createOk('shared name', otherPage.pageId);
  });

  it('creates exactly one of two concurrent identical creates; the other gets 409', async () => {
    const body = { name: 'Race', description: 'Concurrent', pageId: page.pageId };
    const results = await Promise.all([
      create(body),
      create({ ...body, name: 'RACE' }),
      create(body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await t.database.db.select().from(tags).where(eq(tags.pageId, page.id));
    expect(rows.filter((r) => r.name.toLowerCase() === 'race')).toHaveLength(1);
  });

  it("answers 404 for a page the admin doesn't manage (or that doesn't exist)", async () => {
    const res = await create(
      { name: 'Sneaky', description: 'Not mine', pageId: page.pageId },
      stranger.headers,
    );
    expect(bodyOf(res, 404)).toEqual({ message: 'Page not found' });
    expect((await create({ name: 'Ghost', description: 'Nope', pageId: '999999999' })).status).toBe(
      404,
    );
    const rows = await t.database.db.select().from(tags).where(eq(tags.name, 'Sneaky'));
    expect(rows).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    // Without a token and with a body the contract's types forbid: raw.
    const res = await createRaw({ name: 'x' }, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/tags/page/:pageId', () => {
  it("lists the page's tags by name with their contact counts", async () => {
    const fresh = await newManagedPage(t, [owner], 3);
    const empty = await list(fresh.pageId);
    expect(bodyOf(empty, 200)).toEqual([]);

    const zeta = await createOk('zeta', fresh.pageId);
    const alpha = await createOk('Alpha', fresh.pageId);
    const beta = await createOk('beta', fresh.pageId);
    await assign(fresh.id, at(fresh.psids, 0), alpha.id);
    await assign(fresh.id, at(fresh.psids, 1), alpha.id);
    await assign(fresh.id, at(fresh.psids, 2), beta.id);

    const res = await list(fresh.pageId);
    expect(bodyOf(res, 200)).toEqual([
      { tag: { id: alpha.id, name: 'Alpha', description: 'Some description' }, count: 2 },
      { tag: { id: beta.id, name: 'beta', description: 'Some description' }, count: 1 },
      { tag: { id: zeta.id, name: 'zeta', description: 'Some description' }, count: 0 },
    ]);
  });

  it('keeps the counts exact through bulk adds, removals, moves and cascades (tags.contact_count)', async () => {
    const fresh = await newManagedPage(t, [owner], 5);
    const vip = await createOk('VIP', fresh.pageId);
    const late = await createOk('Late', fresh.pageId);
    const db = t.database.db;
    const ids = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.pageId, fresh.id));
    const counts = async () =>
      Object.fromEntries(bodyOf(await list(fresh.pageId), 200).map((i) => [i.tag.name, i.count]));
    // One statement tagging many contacts, and a retry that adds nothing.
    const all = ids.map((c) => ({ contactId: c.id, tagId: vip.id, pageId: fresh.id }));
    await db.insert(contactTags).values(all);
    await db.insert(contactTags).values(all).onConflictDoNothing();
    expect(await counts()).toEqual({ Late: 0, VIP: 5 });
    // Moving two assignments to another tag.
    const moved = ids.slice(0, 2).map((c) => c.id);
    await t.database.pool.query(
      'update contact_tags set tag_id = $1 where tag_id = $2 and contact_id = any($3)',
      [late.id, vip.id, moved],
    );
    expect(await counts()).toEqual({ Late: 2, VIP: 3 });
    // A removal, then a contact deleted (its assignments cascade).
    await db.delete(contactTags).where(eq(contactTags.contactId, at(ids, 4).id));
    await db.delete(contacts).where(eq(contacts.id, at(ids, 0).id));
    expect(await counts()).toEqual({ Late: 1, VIP: 2 });
    // The stored counters equal a recount.
    const { rows } = await t.database.pool.query<{ drift: number }>(
      `select count(*)::int as drift from tags t
       where t.contact_count <> (select count(*) from contact_tags ct where ct.tag_id = t.id)`,
    );
    expect(rows[0]?.drift).toBe(0);
  });

  it("does not show another page's tags", async () => {
    const names = bodyOf(await list(otherPage.pageId), 200).map((i) => i.tag.name);
    expect(names).toEqual(['shared name']);
  });

  it("answers 404 for another admin's page and 400 for a non-numeric id", async () => {
    const res = await list(page.pageId, stranger.headers);
    expect(bodyOf(res, 404)).toEqual({ message: 'Page not found' });
    expect((await list('not-a-page')).status).toBe(400);
  });
});

describe('PATCH /api/v1/tags/:id', () => {
  it('renames a tag and changes its description', async () => {
    const tag = await createOk('Old Name');
    const res = await update(tag.id, { name: 'New Name', description: 'Updated text.' });
    expect(bodyOf(res, 200)).toEqual({
      success: true,
      tag: { id: tag.id, name: 'New Name', description: 'Updated text.', pageId: page.pageId },
      message: 'Tag updated successfully!',
    });
    // Changing only the case of its own name is allowed.
    expect((await update(tag.id, { name: 'NEW NAME', description: 'Updated text.' })).status).toBe(
      200,
    );
  });

  it('applies the same rules with the same messages', async () => {
    const tag = await createOk('Rules Tag');
    const res = await update(tag.id, { name: 'x!', description: 'a'.repeat(61) });
    expect(bodyOf(res, 400).fieldErrors).toEqual({
      name: [M.nameTooShort, M.nameInvalid, M.nameInvalidLive],
      description: [M.descriptionTooLongLive],
    });
    const row = at(await t.database.db.select().from(tags).where(eq(tags.id, tag.id)), 0);
    expect(row.name).toBe('Rules Tag');
  });

  it('answers 409 when another tag of the page has the name (any case)', async () => {
    await createOk('Taken');
    const tag = await createOk('Free');
    const res = await update(tag.id, { name: 'TAKEN', description: 'Some description' });
    expect(bodyOf(res, 409)).toEqual({
      message: 'A tag named "TAKEN" already exists on this page',
    });
  });

  it("answers 404 for another admin's tag, an unknown id, and 400 for a bad id", async () => {
    const tag = await createOk('Mine Only');
    const res = await update(tag.id, { name: 'Stolen', description: 'Nope' }, stranger.headers);
    expect(bodyOf(res, 404)).toEqual({ message: 'Tag not found' });
    expect(
      (await update('00000000-0000-4000-8000-00000000abcd', { name: 'Any', description: 'Any' }))
        .status,
    ).toBe(404);
    expect((await update('nope', { name: 'Any', description: 'Any' })).status).toBe(400);
  });
});

describe('DELETE /api/v1/tags/:id', () => {
  async function campaign(tagId: string, status: 'pending' | 'completed', name = 'Spring Sale') {
    const row = at(
      await t.database.db
        .insert(campaigns)
        .values({
          pageId: page.id,
          tagId,
          name,
          message: 'Hello there',
          type: 'ACCOUNT_UPDATE',
          scheduledTime: new Date(),
          status,
        })
        .returning({ id: campaigns.id }),
      0,
    );
    return row.id;
  }

  it('deletes the tag with its assignments', async () => {
    const tag = await createOk('Doomed');
    await assign(page.id, at(page.psids, 0), tag.id);
    const res = await remove(tag.id);
    expect(bodyOf(res, 200)).toEqual({ success: true, message: 'Tag deleted successfully!' });
    expect(await t.database.db.select().from(tags).where(eq(tags.id, tag.id))).toHaveLength(0);
    expect(
      await t.database.db.select().from(contactTags).where(eq(contactTags.tagId, tag.id)),
    ).toHaveLength(0);
    expect((await remove(tag.id)).status).toBe(404);
  });

  it('is refused (409, naming the campaign) while a pending campaign targets it, allowed once it completed', async () => {
    const tag = await createOk('Campaign Target');
    const id = await campaign(tag.id, 'pending', 'Spring Sale');
    const blocked = await remove(tag.id);
    expect(bodyOf(blocked, 409)).toEqual({
      message: 'Tag is used by the pending campaign "Spring Sale"',
    });
    expect(await t.database.db.select().from(tags).where(eq(tags.id, tag.id))).toHaveLength(1);

    await t.database.db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, id));
    expect((await remove(tag.id)).status).toBe(200);
    // The finished campaign stays, without its tag.
    const row = at(await t.database.db.select().from(campaigns).where(eq(campaigns.id, id)), 0);
    expect(row.tagId).toBeNull();
  });

  it("answers 404 for another admin's tag and keeps it", async () => {
    const tag = await createOk('Keep Me');
    const res = await remove(tag.id, stranger.headers);
    expect(bodyOf(res, 404)).toEqual({ message: 'Tag not found' });
    expect(await t.database.db.select().from(tags).where(eq(tags.id, tag.id))).toHaveLength(1);
  });
});
