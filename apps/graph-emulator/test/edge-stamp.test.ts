import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../src/index.js';
import { fixture, http, start } from './helpers.js';

/** Behind an edge proxy that stamps arrival (`X-Request-Start`), the Send API judges by that stamp. */
describe('X-Request-Start (trustRequestStart)', () => {
  let edge: Emulator;
  let plain: Emulator;
  beforeAll(async () => {
    edge = await start({ trustRequestStart: true, behaviour: { sendPerSecond: 2 } });
    plain = await start({ behaviour: { sendPerSecond: 2 } });
  });
  afterAll(async () => {
    await edge.close();
    await plain.close();
  });

  const sendAt = (emu: Emulator, f: Awaited<ReturnType<typeof fixture>>, stamp: string) =>
    http(`${emu.url}/v25.0/${f.page.id}/messages?access_token=${f.pageToken}`, {
      json: {
        recipient: { id: f.psids[0] },
        messaging_type: 'RESPONSE',
        message: { text: 'Hi' },
      },
      headers: { 'x-request-start': stamp },
    });

  it('records the stamped arrival and counts the rate limit by it, in seconds (nginx) or ms', async () => {
    const f = await fixture(edge, 1);
    const t0 = Date.now() - 5_000;
    expect((await sendAt(edge, f, `t=${(t0 / 1000).toFixed(3)}`)).status).toBe(200);
    expect((await sendAt(edge, f, `t=${t0 + 400}`)).status).toBe(200);
    // Third within a second of the first by its stamp: 613, though it is processed seconds later.
    const third = await sendAt(edge, f, `t=${t0 + 999}`);
    expect(third.status).toBe(400);
    expect(third.body.error.code).toBe(613);
    // A second after the first by its stamp: accepted.
    expect((await sendAt(edge, f, `t=${t0 + 1000}`)).status).toBe(200);
    const outbox = await http(`${edge.url}/_emulator/pages/${f.page.id}/outbox`);
    expect(outbox.body.data.map((e: { time: number }) => e.time)).toEqual([
      t0,
      t0 + 400,
      t0 + 1000,
    ]);
  });

  it('a malformed stamp is ignored: the request is timed on arrival at the emulator', async () => {
    const f = await fixture(edge, 1);
    const before = Date.now();
    expect((await sendAt(edge, f, 'yesterday')).status).toBe(200);
    const outbox = await http(`${edge.url}/_emulator/pages/${f.page.id}/outbox`);
    expect(outbox.body.data[0].time).toBeGreaterThanOrEqual(before);
  });

  it('off by default: a client cannot set its own arrival time', async () => {
    const f = await fixture(plain, 1);
    const before = Date.now();
    const old = Date.now() - 60_000;
    expect((await sendAt(plain, f, `t=${old}`)).status).toBe(200);
    expect((await sendAt(plain, f, `t=${old + 5_000}`)).status).toBe(200);
    expect((await sendAt(plain, f, `t=${old + 10_000}`)).body.error.code).toBe(613);
    const outbox = await http(`${plain.url}/_emulator/pages/${f.page.id}/outbox`);
    for (const e of outbox.body.data as Array<{ time: number }>)
      expect(e.time).toBeGreaterThanOrEqual(before);
  });
});
