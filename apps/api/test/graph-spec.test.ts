// The end-of-run spec check (the emulator's spec/check-logs.ts) over request logs as emulators write them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGraphRequests } from '@pagecast/graph-emulator';

const dir = mkdtempSync(path.join(os.tmpdir(), 'graph-spec-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (edge: string, problems: Array<{ message: string }>) => ({
  method: 'POST',
  node: 'Page',
  edge,
  params: ['recipient'],
  enums: {},
  fields: [],
  problems,
  count: 1,
});

describe('checkGraphRequests', () => {
  it('fails on every problem, counts each shape once', () => {
    writeFileSync(
      path.join(dir, 'a.json'),
      JSON.stringify([
        entry('messages', []),
        entry('subscribed_apps', [{ message: 'POST Page/subscribed_apps: bad value' }]),
      ]),
    );
    writeFileSync(
      path.join(dir, 'b.json'),
      JSON.stringify([
        entry('messages', []),
        entry('message_templates', [
          { message: 'POST Page/message_templates: param x not in the extract' },
        ]),
      ]),
    );
    writeFileSync(path.join(dir, 'c.json'), '[{"method":'); // cut short by a dying process
    const r = checkGraphRequests(dir);
    expect(r.shapes).toBe(3);
    expect(r.failures).toEqual([
      'POST Page/message_templates: param x not in the extract (params: recipient)',
      'POST Page/subscribed_apps: bad value (params: recipient)',
    ]);
  });
});
