// The request log of the emulators a test file starts: each writes its own file into the run's folder
// (test/global-setup.ts), which the run's end checks against Meta's spec (the emulator's spec/check-logs.ts).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { inject } from 'vitest';

/** The emulator option that puts its request log into this run's folder. */
export function graphRequestLog(): { requestLogFile: string } {
  return {
    requestLogFile: path.join(inject('graphRequestLogDir'), `${process.pid}-${randomUUID()}.json`),
  };
}
