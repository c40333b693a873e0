import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactTags } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { at } from './support/assert.js';
import { apiClient, bodyOf, invalid, type ApiClient } from './support/client.js';
import { newAdmin, newManagedPage, type ManagedPage, type TestAdmin } from './support/world.js';

let t: TestApp;
let owner: TestAdmin;
let coAdmin: TestAdmin;
let stranger: TestAdmin;
let page: ManagedPage;
let otherPage: ManagedPage;
let strangerPage: ManagedPage;
let tagId: string;
let otherTagId: string;
let strangerTagId: string;

type Headers = { authorization: string };

async function createTag(headers: Headers, pageId: string, name: string) {
  const res = await apiClient(t.app, headers).tags.createTag({
    body: { name, description: 'For tests', pageId },
  });
  return bodyOf(res, 201).tag.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await newAdmin(t, { name: 'Owner' });
  coAdmin = await newAdmin(t, { name: 'Co Admin' });
  stranger = await newAdmin(t, { name: 'Stranger' });
  page = await newManagedPage(t, [owner, coAdmin], 3);
  otherPage = await newManagedPage(t, [owner], 2);
  strangerPage = await newManagedPage(t, [stranger], 1);
  tagId = await createTag(owner.headers, page.pageId, 'Buyers');
  otherTagId = await createTag(owner.headers, otherPage.pageId, 'Buyers');
  strangerTagId = await createTag(stranger.headers, strangerPage.pageId, 'Theirs');
});
afterAll(async () => {
  await t?.close();
});

type UserTagBody = Parameters<ApiClient['userTags']['addUserTag']>[0]['body'];
const as = (headers: Headers) => apiClient(t.app, headers);
const add = (body: UserTagBody, headers: Headers = owner.headers) =>
  as(headers).userTags.addUserTag({ body });
const removeTag = (body: UserTagBody, headers: Headers = owner.headers) =>
  as(headers).userTags.removeUserTag({ body });
const userTags = (userId: string, pageId: string, headers: Headers = owner.headers) =>
  as(headers).userTags.getUserTags({ params: { userId, pageId } });
const counts = async (pageId: string) =>
  Object.fromEntries(
    bodyOf(await as(owner.headers).tags.listTags({ params: { pageId } }), 200).map((i) => [
      i.tag.id,
      i.count,
    ]),
  );

describe('user tags', () => {
  it('adds a tag to a contact, lists it and counts it', async () => {
    const res = await add({ userId: at(page.psids, 0), tagId, pageId: page.pageId });
    expect(bodyOf(res, 200)).toEqual({ success: true, message: 'Tag added successfully!' });

    const tags = await userTags(at(page.psids, 0), page.pageId);
    expect(bodyOf(tags, 200)).toEqual([
      { id: tagId, name: 'Buyers', description: 'For tests', pageId: page.pageId },
    ]);
    expect(await counts(page.pageId)).toEqual({ [tagId]: 1 });

    await add({ userId: at(page.psids, 1), tagId, pageId: page.pageId }, coAdmin.headers);
    expect(await counts(page.pageId)).toEqual({ [tagId]: 2 });
    // The same tag name on another page is another tag, counted apart.
    expect(await counts(otherPage.pageId)).toEqual({ [otherTagId]: 0 });
  });

  it('adding twice is a no-op that still answers success', async () => {
    const body = { userId: at(page.psids, 2), tagId, pageId: page.pageId };
    const results = await Promise.all([add(body), add(body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await add(body)).body).toEqual({ success: true, message: 'Tag added successfully!' });
    expect(await counts(page.pageId)).toEqual({ [tagId]: 3 });
  });

  it('removing is counted, and removing what is not there is a no-op that answers success', async () => {
    const body = { userId: at(page.psids, 2), tagId, pageId: page.pageId };
    const res = await removeTag(body);
    expect(bodyOf(res, 200)).toEqual({ success: true, message: 'Tag removed successfully!' });
    expect(await counts(page.pageId)).toEqual({ [tagId]: 2 });
    const again = await removeTag(body);
    expect(bodyOf(again, 200)).toEqual({ success: true, message: 'Tag removed successfully!' });
    expect(await counts(page.pageId)).toEqual({ [tagId]: 2 });
    expect((await userTags(at(page.psids, 2), page.pageId)).body).toEqual([]);
  });

  it('never mixes pages: a tag of another page or a contact of another page is 404', async () => {
    const before = await t.database.db.select().from(contactTags);
    // Tag of the other page on this page's contact.
    const wrongTag = await add({
      userId: at(page.psids, 0),
      tagId: otherTagId,
      pageId: page.pageId,
    });
    expect(bodyOf(wrongTag, 404)).toEqual({ message: 'Tag not found' });
    // ...claiming the other page: then the contact is not on it.
    const wrongContact = await add({
      userId: at(page.psids, 0),
      tagId: otherTagId,
      pageId: otherPage.pageId,
    });
    expect(bodyOf(wrongContact, 404)).toEqual({ message: 'Contact not found' });
    const removeWrong = await removeTag({
      userId: at(page.psids, 0),
      tagId: otherTagId,
      pageId: page.pageId,
    });
    expect(bodyOf(removeWrong, 404)).toEqual({ message: 'Tag not found' });
    const unknownTag = await add({
      userId: at(page.psids, 0),
      tagId: '00000000-0000-4000-8000-00000000beef',
      pageId: page.pageId,
    });
    expect(unknownTag.body).toEqual({ message: 'Tag not found' });
    const listOther = await userTags(at(page.psids, 0), otherPage.pageId);
    expect(bodyOf(listOther, 404)).toEqual({ message: 'Contact not found' });
    expect(await t.database.db.select().from(contactTags)).toHaveLength(before.length);
  });

  it("answers 404 on another admin's page, for every route, and changes nothing", async () => {
    const before = await t.database.db.select().from(contactTags);
    const theirs = {
      userId: at(strangerPage.psids, 0),
      tagId: strangerTagId,
      pageId: strangerPage.pageId,
    };
    for (const res of [
      await add(theirs),
      await removeTag(theirs),
      await userTags(at(strangerPage.psids, 0), strangerPage.pageId),
      await add({ userId: at(page.psids, 0), tagId, pageId: page.pageId }, stranger.headers),
      await removeTag({ userId: at(page.psids, 0), tagId, pageId: page.pageId }, stranger.headers),
      await userTags(at(page.psids, 0), page.pageId, stranger.headers),
    ]) {
      expect(bodyOf(res, 404)).toEqual({ message: 'Page not found' });
    }
    expect(await t.database.db.select().from(contactTags)).toHaveLength(before.length);
  });

  it('answers 400 for a malformed body and 401 without a token', async () => {
    // A body the contract's types forbid (no pageId), and one without a token.
    const res = await owner.client.userTags.addUserTag({
      body: invalid({ userId: 'abc', tagId: 'not-a-uuid' }),
    });
    expect(bodyOf(res, 400).fieldErrors).toMatchObject({
      userId: ['Must be a numeric id'],
      tagId: ['Must be a valid id'],
      pageId: expect.any(Array),
    });
    const anonymous = apiClient(t.app);
    expect((await anonymous.userTags.addUserTag({ body: invalid({}) })).status).toBe(401);
  });

  it('deleting a tag removes it from its contacts', async () => {
    const temp = await createTag(owner.headers, page.pageId, 'Temporary');
    await add({ userId: at(page.psids, 0), tagId: temp, pageId: page.pageId });
    expect((await userTags(at(page.psids, 0), page.pageId)).body).toHaveLength(2);
    const del = await as(owner.headers).tags.deleteTag({ params: { id: temp } });
    expect(del.status).toBe(200);
    expect(bodyOf(await userTags(at(page.psids, 0), page.pageId), 200).map((x) => x.id)).toEqual([
      tagId,
    ]);
  });
});
