export {
  DEFAULT_ALLOWED_ORIGINS,
  startEmulator,
  type Emulator,
  type EmulatorOptions,
} from './server.js';
export { signRequest, signatureHeaders } from './webhooks/signing.js';
export { parseFields, FieldsSyntaxError, type FieldSpec } from './graph/fields.js';
export { World, type WorldEvent, type WebhookField } from './world/world.js';
export type { SeedOption } from './world/seed.js';
export {
  DEFAULT_BEHAVIOUR,
  DEFAULT_SCOPES,
  type Behaviour,
  type SeedSpec,
  type User,
  type Page,
  type Contact,
  type Message,
  type OutboxEntry,
  type TokenRecord,
} from './world/types.js';
export { GRAPH_PERMISSIONS, type EndpointRule } from './graph/permissions.js';
export type { LoggedRequest } from './spec/request-log.js';
export {
  checkGraphRequests,
  reportGraphRequests,
  type GraphSpecReport,
} from './spec/check-logs.js';
export type { SpecProblem } from './spec/validate.js';
