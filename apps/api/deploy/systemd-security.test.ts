/**
 * The Debian recipe's systemd units (deploy/systemd), judged by systemd's own `systemd-analyze security`:
 * its exposure score (0 = locked down, 10 = fully exposed) must stay at or below 3.0 for each unit, so a
 * sandboxing line dropped or a new unit without one fails `pnpm test:deploy`. `--offline` reads the unit
 * files alone: no running systemd is needed (`scripts/ensure-debian-packages.mjs systemd` brings the tool).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const UNITS = path.resolve(import.meta.dirname, '../../../deploy/systemd');
const MAX_EXPOSURE = 3.0;

/** The overall exposure `systemd-analyze security` gives a unit file (a template as its instance `@1`). */
function exposureOf(unitFile: string): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-units-'));
  try {
    const name = path.basename(unitFile).replace('@.service', '@1.service');
    const copy = path.join(dir, name);
    fs.copyFileSync(unitFile, copy);
    // It exits non-zero when the score passes --threshold (default 100): the output is read either way.
    let out: string;
    try {
      out = execFileSync('systemd-analyze', ['security', '--offline=true', '--no-pager', copy], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout ?? '');
    }
    const m = /Overall exposure level for \S+: ([\d.]+)/.exec(out);
    if (!m) throw new Error(`no exposure score for ${name}:\n${out}`);
    return Number(m[1]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('systemd units (docs/deploy.md, recipe 2)', () => {
  const units = fs.readdirSync(UNITS).filter((f) => f.endsWith('.service'));

  it('there are units to judge', () => {
    expect(units.sort()).toEqual(['pagecast-api@.service', 'pagecast-worker.service']);
  });

  it.each(units)(`%s: exposure at most ${MAX_EXPOSURE}`, (unit) => {
    expect(exposureOf(path.join(UNITS, unit))).toBeLessThanOrEqual(MAX_EXPOSURE);
  });

  it('a unit without its sandboxing lines scores as exposed (the check can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-bare-'));
    try {
      const bare = path.join(dir, 'pagecast-bare.service');
      const text = fs.readFileSync(path.join(UNITS, 'pagecast-worker.service'), 'utf8');
      // Only the lines that run it: what the units had before round four (8.5 "EXPOSED").
      const kept = text
        .split('\n')
        .filter(
          (l) =>
            !/^(Protect|Private|Restrict|SystemCall|Capability|Ambient|NoNew|Lock|Remove|Keyring|UMask)/.test(
              l,
            ),
        );
      fs.writeFileSync(bare, kept.join('\n'));
      expect(exposureOf(bare)).toBeGreaterThan(MAX_EXPOSURE);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
