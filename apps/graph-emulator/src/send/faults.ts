import { errors, GraphApiError, RawHttpError } from '../graph/errors.js';
import { metaError, type GraphErrorSpec } from '../graph/meta-errors.js';
import type { GraphRequest } from '../graph/request.js';
import type { World } from '../world/world.js';
import { sendRateLimited, throttled } from './usage.js';

export function pagesRateLimited(pageId: string, retryInMs: number): GraphApiError {
  return throttled(
    80001,
    '(#80001) There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.',
    'pages',
    pageId,
    retryInMs,
  );
}

function faultFor(code: number, pageId: string): Error {
  switch (code) {
    case 500:
    case 502:
    case 503:
    case 504:
      return new RawHttpError(code);
    case 1200:
      return errors.temporary();
    case 1:
      return errors.unknownError();
    case 2:
      return errors.serviceUnavailable();
    // Injected like the real per-second windows: regain "0 minutes" (a storm of short throttles).
    case 613:
      return sendRateLimited(pageId, 1000);
    case 80001:
      return pagesRateLimited(pageId, 1000);
    case 4:
      return new GraphApiError(4, '(#4) Application request limit reached', undefined, {
        'x-app-usage': JSON.stringify({ call_count: 100, total_time: 40, total_cputime: 40 }),
      });
    case 551:
      return errors.unavailable();
    case 10:
      return errors.outsideWindow();
    case 190:
      return errors.badToken(
        'Error validating access token: The session is invalid because the user logged out.',
        467,
      );
    default:
      return new GraphApiError(code, `(#${code}) Injected failure`);
  }
}

let cycle = 0;

function injected(world: World, code: number, pageId: string): Error {
  world.faults.byCode[code] = (world.faults.byCode[code] ?? 0) + 1;
  return faultFor(code, pageId);
}

/**
 * Meta's codes 1 ("unknown error") and 2 ("service temporarily unavailable") do not say the message was
 * not sent: on the Send API the emulator carries the send out, then answers the error (the worst case, so
 * a client that re-sends on them is caught sending twice). 1200 ("temporary send message failure") does
 * say it: nothing is sent.
 */
const DELIVERED_THEN_FAILED = new Set([1, 2]);

/**
 * Fault injection for Send/Conversations calls: `failNext` (deterministic) then `failureRate` (random) answer
 * an error instead; otherwise `hangNext` lets the call go through but marks its answer to be held `hangMs`.
 * For a send (`sending`), an injected 1 or 2 is returned instead of thrown: the caller records the send,
 * then throws it.
 */
export function maybeFail(
  world: World,
  pageId: string,
  req?: GraphRequest,
  opts: { sending?: boolean } = {},
): Error | undefined {
  const b = world.behaviour;
  if (b.failCodes.length > 0) {
    let code: number | undefined;
    if (b.failNext > 0) {
      b.failNext--;
      code = b.failCodes[cycle++ % b.failCodes.length] ?? 1200;
    } else if (b.failureRate > 0 && Math.random() < b.failureRate) {
      code = b.failCodes[Math.floor(Math.random() * b.failCodes.length)] ?? 1200;
    }
    if (code !== undefined) {
      const error = injected(world, code, pageId);
      if (opts.sending && DELIVERED_THEN_FAILED.has(code)) return error;
      throw error;
    }
  }
  if (req && b.hangNext > 0) {
    b.hangNext--;
    world.faults.held++;
    req.holdAnswerMs = b.hangMs;
  }
  return undefined;
}

export function resetFaultCycle(): void {
  cycle = 0;
}

/** Which send a graph-error fault answers: the Send API's standard and utility sends, opt-in requests, marketing messages. */
export type SendPath = 'standard' | 'utility' | 'optin' | 'marketing';

export interface GraphErrorFault {
  error: GraphErrorSpec;
  /** Only sends to these PSIDs (null: any). */
  psids: string[] | null;
  /** Only sends of this path (null: any). */
  path: SendPath | null;
  /** Answers left (Infinity: until cleared). */
  left: number;
}

const armed = new WeakMap<World, Map<string, GraphErrorFault[]>>();

/** Arms a fault: the page's next matching send(s) get exactly this Graph error (see the README). */
export function armGraphError(world: World, pageId: string, fault: GraphErrorFault): void {
  let byPage = armed.get(world);
  if (!byPage) {
    byPage = new Map();
    armed.set(world, byPage);
  }
  byPage.set(pageId, [...(byPage.get(pageId) ?? []), fault]);
}

/** Disarms the page's graph-error faults (every page's without `pageId`). */
export function clearGraphErrors(world: World, pageId?: string): void {
  if (pageId === undefined) armed.delete(world);
  else armed.get(world)?.delete(pageId);
}

/** The armed error for this send, if one matches (it is used up), counted in `world.faults.byCode`. */
export function takeGraphError(
  world: World,
  pageId: string,
  psid: string,
  path: SendPath,
): GraphApiError | undefined {
  const faults = armed.get(world)?.get(pageId);
  const fault = faults?.find(
    (f) =>
      f.left > 0 && (f.path === null || f.path === path) && (!f.psids || f.psids.includes(psid)),
  );
  if (!fault) return undefined;
  fault.left--;
  world.faults.byCode[fault.error.code] = (world.faults.byCode[fault.error.code] ?? 0) + 1;
  return metaError(fault.error);
}
