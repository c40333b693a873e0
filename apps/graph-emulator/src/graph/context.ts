import type { SlidingWindowLimiter } from '../send/ratelimit.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import type { World } from '../world/world.js';
import type { SpecModel } from '../spec/model.js';
import type { RequestLog } from '../spec/request-log.js';

export interface GraphContext {
  world: World;
  sendLimiter: SlidingWindowLimiter;
  /** Audio and video sends, per page (Meta: 10/s). */
  mediaSendLimiter: SlidingWindowLimiter;
  conversationsLimiter: SlidingWindowLimiter;
  webhooks: WebhookDispatcher;
  /** Public base URL of the emulator (used in paging links and avatar URLs). */
  baseUrl: () => string;
  /** Meta's spec every request is checked against (spec/model.ts), and the log of what was asked. */
  spec: SpecModel;
  requests: RequestLog;
}
