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
  errorRow,
  isMarketingCode,
  ERROR_TABLE,
  type GraphErrorKind,
  type GraphErrorRow,
} from './errors.js';
export { verifySignature, parseSignedRequest, type SignedRequestPayload } from './signatures.js';
export type * from './types.js';
export * as marketingGraph from './marketing.js';
