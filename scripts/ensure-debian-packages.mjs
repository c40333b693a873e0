#!/usr/bin/env node
// Tests use a few Debian programs that npm cannot bring: chromium (Playwright drives it; test tools cannot
// download browsers here), nginx (the production shape's web server, checked with its real binary) and
// postgresql (the Debian recipe of docs/deploy.md, brought up by `pnpm test:deploy`) and systemd (its
// `systemd-analyze security` judges the recipe's units).
// `node scripts/ensure-debian-packages.mjs chromium nginx postgresql` installs the missing ones with apt when we are
// root, and otherwise says what to do. Exits 0 when all are there.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** Package -> the binary that proves it is installed (overridable where the tests read it). */
const BINARIES = {
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  nginx: process.env.NGINX_PATH ?? '/usr/sbin/nginx',
  // Any major version Debian ships (/usr/lib/postgresql/<major>/bin/postgres): `pnpm test:deploy`.
  postgresql: '/usr/lib/postgresql/*/bin/postgres',
  // systemd-analyze scores the units in deploy/systemd (`pnpm test:deploy`); no systemd needs to run.
  systemd: '/usr/bin/systemd-analyze',
};

/** Whether `file` exists; a `*` stands for one folder name. */
function installed(file) {
  const star = file.indexOf('*');
  if (star < 0) return existsSync(file);
  const parent = file.slice(0, star);
  const rest = file.slice(star + 1);
  return existsSync(parent) && readdirSync(parent).some((name) => existsSync(parent + name + rest));
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((p) => !(p in BINARIES));
if (unknown.length > 0) {
  console.error(
    `Unknown package(s): ${unknown.join(', ')}. Known: ${Object.keys(BINARIES).join(', ')}`,
  );
  process.exit(2);
}
const missing = wanted.filter((p) => !installed(BINARIES[p]));
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Missing: ${missing.map((p) => `${p} (${BINARIES[p]})`).join(', ')}. ` +
      `Install with: sudo apt-get install -y ${missing.join(' ')}`,
  );
  process.exit(1);
}
console.log(`Installing Debian ${missing.join(', ')} for the tests...`);
// policy-rc.d 101: the package's service must not start (nginx would take port 80); the tests run their own.
execSync(
  `printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && ` +
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}; ` +
    `status=$?; rm -f /usr/sbin/policy-rc.d; exit $status`,
  { stdio: 'inherit', shell: '/bin/bash' },
);
