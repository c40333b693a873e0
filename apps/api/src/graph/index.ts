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
  marketingAnswer,
} from './errors.js';
export type { GraphErrorKind, GraphErrorRow, MarketingAnswer } from './error-kinds.js';
export { ERROR_TABLE } from './error-table.js';
export { verifySignature, parseSignedRequest, type SignedRequestPayload } from './signatures.js';
export type * from './types.js';
export * as marketingGraph from './marketing.js';
