import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, start } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('state file', () => {
  it('holds every token, so only its owner may read it (0600), even one written world-readable before', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emulator-state-'));
    dirs.push(dir);
    const stateFile = path.join(dir, 'emulator.json');
    const emu = await start({ stateFile });
    await fixture(emu, 2);
    await emu.close(); // saves
    expect(fs.statSync(stateFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(stateFile, 'utf8')).toMatch(/EAA/);

    fs.chmodSync(stateFile, 0o644);
    const again = await start({ stateFile });
    expect(fs.statSync(stateFile).mode & 0o777).toBe(0o600);
    expect(again.world.users.size).toBeGreaterThan(0);
    await again.close();
  });
});
