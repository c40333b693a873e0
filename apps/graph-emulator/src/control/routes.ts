// The `/_emulator` control API (not Facebook's): what tests, benchmarks and the demo use to shape the world.
// A list of small routes in groups: the world (world.ts), its contacts (contacts.ts), behaviour and faults
// (behaviour.ts) and the marketing twin (marketing.ts); the server adds the request log (requests.ts).
import type { FastifyInstance } from 'fastify';
import { registerBehaviourControl } from './behaviour.js';
import type { ControlDeps } from './common.js';
import { registerContactControl } from './contacts.js';
import { registerMarketingControl } from './marketing.js';
import { registerWorldControl } from './world.js';

export type { ControlDeps } from './common.js';
export { stateSummary } from './world.js';

/** Control API for demos and tests (not Facebook's): `/_emulator/...`. */
export function registerControl(app: FastifyInstance, deps: ControlDeps): void {
  registerMarketingControl(app, deps.world);
  registerWorldControl(app, deps);
  registerContactControl(app, deps);
  registerBehaviourControl(app, deps.world);
}
