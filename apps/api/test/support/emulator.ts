// The one way tests start and drive the Graph emulator: started on a free port with its request log in the
// run's folder (checked against Meta's spec at the end of the run), its control API (`/_emulator/...`) called
// over real HTTP, and a Graph client pointed at it.
import { startEmulator, type Emulator, type EmulatorOptions } from '@pagecast/graph-emulator';
import {
  createGraphClient,
  type GraphClient,
  type GraphClientOptions,
} from '../../src/graph/index.js';
import { graphRequestLog } from '../helpers/graph-requests.js';

export type { Emulator };
export {
  emu,
  outboxOf,
  type EmulatorPage,
  type EmulatorUser,
  type OutboxEntry,
} from './emulator-control.js';

export const HOUR = 3_600_000;

/**
 * An emulator with no seeded world and no Send API or conversations rate limits; `paced` keeps Meta's
 * limits, for the tests about pacing and dispatch.
 */
export async function startTestEmulator(
  options: Omit<EmulatorOptions, 'port' | 'requestLogFile'> & { paced?: boolean } = {},
): Promise<Emulator> {
  const { paced, ...rest } = options;
  return startEmulator({
    ...graphRequestLog(),
    port: 0,
    seed: 'empty',
    ...(paced ? {} : { behaviour: { sendPerSecond: 0, conversationsPerSecond: 0 } }),
    ...rest,
  });
}

/** The API's Graph client against the emulator, with short timeouts and backoffs. */
export function testGraph(url: string, options: Partial<GraphClientOptions> = {}): GraphClient {
  return createGraphClient({
    baseUrl: url,
    version: 'v16.0',
    appId: '1000000000000001',
    appSecret: 'pagecast-emulator-app-secret',
    timeoutMs: 5_000,
    backoffBaseMs: 10,
    rateLimitBackoffMs: 50,
    ...options,
  });
}
