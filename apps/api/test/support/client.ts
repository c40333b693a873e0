// The API as tests call it: the ts-rest client built from the contract, sent through Fastify's `inject` (no
// socket), with an admin's bearer header. A route renamed in the contract is renamed here by the compiler,
// and the answers are typed by the contract's responses. Each route called, and the status it answered, is
// recorded for the route coverage check (support/route-coverage.ts).
import { resolve } from 'node:path';
import { contract } from '@pagecast/contract';
import { initClient, type AppRoute } from '@ts-rest/core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, inject } from 'vitest';
import { recordFileOf, routeKey, routeRecorder } from './route-coverage.js';

const PACKAGE_ROOT = resolve(import.meta.dirname, '../..');
const recorders = new Map<string, (key: string, status: number) => void>();

/** Records that the running test file called `route`, answered `status` (when the run collects them). */
function recordCall(route: AppRoute, status: number): void {
  const key = routeKey(route);
  const dir = inject('routeCoverageDir');
  const testFile = expect.getState().testPath;
  if (!dir || !testFile) return;
  let record = recorders.get(testFile);
  if (!record) {
    record = routeRecorder(recordFileOf(dir, testFile, PACKAGE_ROOT));
    recorders.set(testFile, record);
  }
  record(key, status);
}

function parseBody(body: string, contentType: string | undefined): unknown {
  if (!contentType?.includes('json')) return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * A contract client over `app.inject`, sending `headers` (e.g. an admin's bearer) with every request, from
 * `from.remoteAddress` when given (routes limited per address).
 */
export function apiClient(
  app: FastifyInstance,
  headers: Record<string, string> = {},
  from: Pick<InjectOptions, 'remoteAddress'> = {},
) {
  return initClient(contract, {
    baseUrl: '',
    baseHeaders: headers,
    api: async ({ route, path, method, headers: sent, body }) => {
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers: sent,
        ...from,
        // JSON comes as a string; a form route's body as URLSearchParams, which inject would send as JSON.
        ...(body instanceof URLSearchParams
          ? { payload: body.toString() }
          : body !== undefined && body !== null
            ? { payload: body as string }
            : {}),
      });
      recordCall(route, res.statusCode);
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders.set(name, String(value));
      }
      return {
        status: res.statusCode,
        body: parseBody(res.body, responseHeaders.get('content-type') ?? undefined),
        headers: responseHeaders,
      };
    },
  });
}

export type ApiClient = ReturnType<typeof apiClient>;

/**
 * Asserts the answer's status and returns its body, typed by the contract's response for that status. A
 * failure shows the body that came instead, after `what` (e.g. the case of a loop) when given.
 */
export function bodyOf<R extends { status: number; body: unknown }, S extends R['status']>(
  res: R,
  status: S,
  what?: string,
): Extract<R, { status: S }>['body'] {
  const body = JSON.stringify(res.body);
  expect(res.status, what === undefined ? body : `${what}: ${body}`).toBe(status);
  return res.body;
}

/** The jwt a non-browser sign-in answers with (a browser's gets only the cookie). */
export function jwtOf(res: { status: number; body: unknown }): string {
  const { jwt } = bodyOf(res, 200) as { jwt?: string };
  expect(jwt, 'a sign-in without Origin answers with its jwt').toEqual(expect.any(String));
  return jwt as string;
}

/**
 * The one escape hatch from the contract's types: a body, query or path param the contract refuses, sent on
 * purpose by a validation test (a missing field, a wrong type, an unknown enum value). It takes the type the
 * call expects, so the call itself stays the typed client's.
 */
export function invalid<T>(value: unknown): T {
  return value as T;
}
