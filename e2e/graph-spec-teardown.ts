// The spec test of the end-to-end suite: every Graph request the product made while the suite clicked through
// it, as its in-process emulator logged them (EMULATOR_REQUEST_LOG, playwright.config.ts), checked against
// Meta's spec. A request outside it fails the run, as in the API's suites.
import { existsSync } from 'node:fs';
import { reportGraphRequests } from '@pagecast/graph-emulator';
import { graphRequestLogDir } from './playwright.config';

export default function checkGraphRequests(): void {
  const dir = graphRequestLogDir();
  // No file: the product answered no Graph request at all, which this suite cannot pass without.
  if (!existsSync(dir))
    throw new Error(`no Graph request log in ${dir}: the spec check saw nothing`);
  if (!reportGraphRequests(dir))
    throw new Error("Graph requests outside Meta's spec (listed above)");
}
