export { LIVE_CHANNEL, MAX_PAYLOAD_BYTES, encodePayload, decodePayload } from './channel.js';
export {
  createRealtimeHub,
  type LiveListener,
  type LoadMessage,
  type RealtimeHub,
  type RealtimeHubOptions,
} from './hub.js';
export { announceAccessChanged, publish } from './publish.js';
