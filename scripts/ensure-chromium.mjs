#!/usr/bin/env node
// The end-to-end suite's Debian chromium (see ensure-debian-packages.mjs).
import { execFileSync } from 'node:child_process';

execFileSync(
  process.execPath,
  [new URL('./ensure-debian-packages.mjs', import.meta.url).pathname, 'chromium'],
  {
    stdio: 'inherit',
  },
);
