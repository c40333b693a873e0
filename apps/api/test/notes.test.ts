// Private notes on a conversation (docs/inbox.md "Notes and saved replies"): visible to the page's admins
// only, never sent to the contact, never counted as a message, edited and deleted by their author alone,
// and announced live. Over HTTP against a real Postgres and the emulator.
import { NOTE_LIMITS, NOTE_MESSAGES, type LiveEvent } from '@pagecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveMessageLoader } from '../src/modules/inbox/index.js';
import { createRealtimeHub } from '../src/realtime/index.js';
import { must } from './support/assert.js';
import { bodyOf } from './support/client.js';
import { waitFor } from './support/wait.js';
import { HOUR, outboxOf, type EmulatorPage } from './support/emulator.js';
import {
  createWorld,
  newAdmin,
  newContact,
  newEmulatorAdmin,
  newEmulatorPage,
  newPageAdmin,
  type TestAdmin,
  type World,
} from './support/world.js';

let world: World;
let owner: TestAdmin;
let coAdmin: TestAdmin;
let stranger: TestAdmin;
let page: EmulatorPage & { uuid: string };
let psid: string;

beforeAll(async () => {
  world = await createWorld();
  owner = await newEmulatorAdmin(world, 'Note Owner');
  coAdmin = await newAdmin(world, { name: 'Co Admin' });
  stranger = await newEmulatorAdmin(world, 'Stranger');
  page = await newEmulatorPage(
    world,
    owner,
    { name: 'Notes Page', contacts: 2, inboundAgoMs: HOUR },
    { syncScope: 'full' },
  );
  await newPageAdmin(world, page.uuid, coAdmin.adminId);
  // The stranger manages a page of their own: their access is real, just not to this page.
  await newEmulatorPage(world, stranger, { name: 'Stranger Page', contacts: 1 });
  for (const c of page.contacts)
    await newContact(world, page.uuid, {
      psid: c.psid,
      name: c.name,
      lastMessageAt: new Date(Date.now() - HOUR),
      preview: 'Is there parking nearby?',
    });
  psid = must(page.contacts[0]).psid;
});

afterAll(async () => {
  await world?.close();
});

const chat = (userId = psid) => ({ params: { pageId: page.id, userId } });
const outbox = () => outboxOf(world.emulator, page.id);

describe('writing and reading notes', () => {
  it('shows a note to every admin of the page, with its author, oldest first', async () => {
    const first = bodyOf(
      await owner.client.notes.createNote({
        ...chat(),
        body: { body: '  Called back, wants a refund  ' },
      }),
      201,
    ).note;
    expect(first).toMatchObject({
      pageId: page.id,
      psid,
      body: 'Called back, wants a refund',
      mine: true,
      author: { adminId: owner.adminId, name: 'Note Owner' },
    });
    const second = bodyOf(
      await coAdmin.client.notes.createNote({ ...chat(), body: { body: 'Refund sent' } }),
      201,
    ).note;
    const seen = bodyOf(await coAdmin.client.notes.listNotes(chat()), 200).notes;
    expect(seen.map((n) => [n.id, n.mine])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    // Another conversation of the page has none.
    const other = must(page.contacts[1]).psid;
    expect(bodyOf(await owner.client.notes.listNotes(chat(other)), 200).notes).toEqual([]);
  });

  it('never sends a note and never counts it as a message', async () => {
    const before = (await outbox()).length;
    const listBefore = bodyOf(
      await owner.client.inbox.getRecipients({ params: { pageId: page.id }, query: {} }),
      200,
    ).recipients;
    const needsBefore = bodyOf(
      await owner.client.inbox.countRecipients({
        params: { pageId: page.id },
        query: { filter: 'needs_reply' },
      }),
      200,
    ).count;
    bodyOf(
      await owner.client.notes.createNote({ ...chat(), body: { body: 'zebracrossing follow-up' } }),
      201,
    );
    expect((await outbox()).length).toBe(before);
    const row = must(
      bodyOf(
        await owner.client.inbox.getRecipients({ params: { pageId: page.id }, query: {} }),
        200,
      ).recipients.find((r) => r.id === psid),
    );
    const rowBefore = must(listBefore.find((r) => r.id === psid));
    expect(row.lastMessagePreview).toBe(rowBefore.lastMessagePreview);
    expect(row.unreadCount).toBe(rowBefore.unreadCount);
    expect(row.lastMessageAt).toBe(rowBefore.lastMessageAt);
    const needsAfter = bodyOf(
      await owner.client.inbox.countRecipients({
        params: { pageId: page.id },
        query: { filter: 'needs_reply' },
      }),
      200,
    ).count;
    expect(needsAfter).toBe(needsBefore);
    // The search reads messages and names, not notes.
    const found = bodyOf(
      await owner.client.inbox.countRecipients({
        params: { pageId: page.id },
        query: { q: 'zebracrossing' },
      }),
      200,
    ).count;
    expect(found).toBe(0);
    const conv = bodyOf(await owner.client.inbox.getConversation({ ...chat(), query: {} }), 200);
    expect(conv.messages.some((m) => m.message?.includes('zebracrossing'))).toBe(false);
  });

  it('refuses an empty or too long note with the rule, and stores nothing', async () => {
    const count = async () => bodyOf(await owner.client.notes.listNotes(chat()), 200).notes.length;
    const n = await count();
    const empty = await owner.client.notes.createNote({ ...chat(), body: { body: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ fieldErrors: { body: [NOTE_MESSAGES.bodyRequired] } });
    const long = await owner.client.notes.createNote({
      ...chat(),
      body: { body: 'x'.repeat(NOTE_LIMITS.bodyMax + 1) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ fieldErrors: { body: [NOTE_MESSAGES.bodyTooLong] } });
    // The longest allowed one is taken whole.
    const max = bodyOf(
      await owner.client.notes.createNote({
        ...chat(),
        body: { body: 'y'.repeat(NOTE_LIMITS.bodyMax) },
      }),
      201,
    ).note;
    expect(max.body).toHaveLength(NOTE_LIMITS.bodyMax);
    expect(await count()).toBe(n + 1);
  });
});

describe('who may see and change a note', () => {
  it("answers 404 to an admin of another page, for the list, a write and a note's id", async () => {
    const note = bodyOf(
      await owner.client.notes.createNote({ ...chat(), body: { body: 'Owner only' } }),
      201,
    ).note;
    expect((await stranger.client.notes.listNotes(chat())).status).toBe(404);
    expect(
      (await stranger.client.notes.createNote({ ...chat(), body: { body: 'Sneaky' } })).status,
    ).toBe(404);
    const target = { params: { ...chat().params, noteId: note.id } };
    expect(
      (await stranger.client.notes.updateNote({ ...target, body: { body: 'Changed' } })).status,
    ).toBe(404);
    expect((await stranger.client.notes.deleteNote(target)).status).toBe(404);
    const still = bodyOf(await owner.client.notes.listNotes(chat()), 200).notes;
    expect(still.find((n) => n.id === note.id)?.body).toBe('Owner only');
  });

  it('answers 404 for an unknown contact and for a note of another conversation', async () => {
    expect((await owner.client.notes.listNotes(chat('123456789'))).status).toBe(404);
    const note = bodyOf(
      await owner.client.notes.createNote({ ...chat(), body: { body: 'First contact' } }),
      201,
    ).note;
    const other = must(page.contacts[1]).psid;
    const res = await owner.client.notes.updateNote({
      params: { ...chat(other).params, noteId: note.id },
      body: { body: 'Moved?' },
    });
    expect(res.status).toBe(404);
  });

  it('lets only the author edit or delete a note', async () => {
    const note = bodyOf(
      await owner.client.notes.createNote({ ...chat(), body: { body: 'Mine to change' } }),
      201,
    ).note;
    const target = { params: { ...chat().params, noteId: note.id } };
    const refused = await coAdmin.client.notes.updateNote({
      ...target,
      body: { body: 'Not yours' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: NOTE_MESSAGES.notYours });
    expect((await coAdmin.client.notes.deleteNote(target)).status).toBe(403);

    const edited = bodyOf(
      await owner.client.notes.updateNote({ ...target, body: { body: 'Changed by me' } }),
      200,
    ).note;
    expect(edited.body).toBe('Changed by me');
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(edited.createdAt));
    bodyOf(await owner.client.notes.deleteNote(target), 200);
    const left = bodyOf(await owner.client.notes.listNotes(chat()), 200).notes;
    expect(left.some((n) => n.id === note.id)).toBe(false);
    expect((await owner.client.notes.deleteNote(target)).status).toBe(404);
  });
});

describe('live', () => {
  it('announces each created, edited and deleted note to the page, once committed', async () => {
    const hub = createRealtimeHub(world.database.pool, {
      loadMessage: liveMessageLoader(world.database.pool),
    });
    try {
      const events: LiveEvent[] = [];
      hub.subscribe(page.id, (e) => events.push(e));
      await hub.ready();
      const note = bodyOf(
        await owner.client.notes.createNote({ ...chat(), body: { body: 'Live one' } }),
        201,
      ).note;
      const target = { params: { ...chat().params, noteId: note.id } };
      bodyOf(await owner.client.notes.updateNote({ ...target, body: { body: 'Live two' } }), 200);
      // A refused write announces nothing (it would arrive before the delete's event).
      expect(
        (await coAdmin.client.notes.updateNote({ ...target, body: { body: 'Nope' } })).status,
      ).toBe(403);
      bodyOf(await owner.client.notes.deleteNote(target), 200);
      await waitFor(async () => events.some((e) => e.type === 'note' && e.action === 'deleted'));
      expect(events.filter((e) => e.type === 'note')).toEqual(
        (['created', 'updated', 'deleted'] as const).map((action) => ({
          type: 'note',
          pageId: page.id,
          psid,
          noteId: note.id,
          action,
        })),
      );
      // The event carries no text: a stream of another page never had it, and this one refetches.
      expect(JSON.stringify(events)).not.toContain('Live one');
    } finally {
      await hub.close();
    }
  });
});
