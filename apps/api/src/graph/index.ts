export {
  createGraphClient,
  GraphClient,
  redactUrl,
  type GraphClientOptions,
  type GraphLogger,
} from './client.js';
export {
  GraphError,
  classifyResponse,
  classifyNetworkError,
  retryAfterFromHeaders,
  type GraphErrorKind,
} from './errors.js';
export { verifySignature, parseSignedRequest, type SignedRequestPayload } from './signatures.js';
export type * from './types.js';
export * as marketingGraph from './marketing.js';
