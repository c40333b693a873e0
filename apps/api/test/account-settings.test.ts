// The admin's time zone (Account): saved per admin as an IANA name, null for the browser's own; an unknown
// zone answers 400 with what to do and changes nothing; each admin reads and writes only their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf } from './support/client.js';
import { createWorld, newAdmin, type TestAdmin, type World } from './support/world.js';

let world: World;
let admin: TestAdmin;
let other: TestAdmin;

beforeAll(async () => {
  world = await createWorld();
  admin = await newAdmin(world, { name: 'Zone Owner' });
  other = await newAdmin(world, { name: 'Other Admin' });
});

afterAll(async () => {
  await world?.close();
});

describe('account settings: time zone', () => {
  it('starts with none (the browser zone), saves a zone and clears it again', async () => {
    expect(bodyOf(await admin.client.account.getSettings(), 200)).toEqual({ timeZone: null });
    expect(
      bodyOf(await admin.client.account.updateSettings({ body: { timeZone: 'Asia/Tokyo' } }), 200),
    ).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(bodyOf(await admin.client.account.getSettings(), 200)).toEqual({
      timeZone: 'Asia/Tokyo',
    });
    // Another admin's setting is their own.
    expect(bodyOf(await other.client.account.getSettings(), 200)).toEqual({ timeZone: null });
    expect(
      bodyOf(await admin.client.account.updateSettings({ body: { timeZone: null } }), 200),
    ).toEqual({ timeZone: null });
  });

  it('refuses an unknown zone with a clear 400 and keeps the saved one', async () => {
    bodyOf(await admin.client.account.updateSettings({ body: { timeZone: 'Europe/Paris' } }), 200);
    for (const bad of ['Mars/Olympus_Mons', '+05:00', 'Europe/Paris; drop table admins', ' ']) {
      const res = await admin.client.account.updateSettings({ body: { timeZone: bad } });
      const body = bodyOf(res, 400, bad);
      if (bad.trim()) {
        expect(body.message).toBe(
          `Unknown time zone '${bad}': choose one from the list (an IANA name such as Europe/Paris).`,
        );
        expect(body.fieldErrors?.timeZone).toEqual([body.message]);
      } else {
        expect(body.fieldErrors?.timeZone).toBeDefined();
      }
    }
    expect(bodyOf(await admin.client.account.getSettings(), 200)).toEqual({
      timeZone: 'Europe/Paris',
    });
  });

  it('needs a signed-in admin', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/v1/account/settings' });
    expect(res.statusCode).toBe(401);
  });
});
