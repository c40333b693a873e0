// The one ts-rest client (spec §7): same-origin base URL (contract paths already start with /api),
// JSON headers, the session cookie with the CSRF header on writes, and the 401/403 policy of spec §8.
import { tsRestFetchApi, type ApiFetcher } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { contract } from '@pagecast/contract';
import { resetAll } from '../stores';
import { csrfHeaders } from './csrf';
import { redirectToLanding } from './navigation';
import { queryClient } from './query-client';

export const UNAUTHORIZED_LOG_MESSAGE = 'Unauthorized access - Redirecting to login...';

/** Spec §8: any 401 or 403 logs, clears the three slices (and storage) and goes to the landing page. */
export function handleUnauthorized(): void {
  console.log(UNAUTHORIZED_LOG_MESSAGE);
  resetAll();
  queryClient.clear();
  redirectToLanding();
}

export const apiFetcher: ApiFetcher = async (args) => {
  const headers: Record<string, string> = { ...args.headers, ...csrfHeaders(args.method) };
  // A JSON content type with no body makes the server reject bodiless DELETE/POST calls.
  if (args.body === null || args.body === undefined) delete headers['content-type'];
  const response = await tsRestFetchApi({
    ...args,
    headers,
    // The session cookie goes with same-origin calls only.
    fetchOptions: { ...args.fetchOptions, credentials: 'same-origin' },
  });
  if (response.status === 401 || response.status === 403) handleUnauthorized();
  return response;
};

export const tsr = initTsrReactQuery(contract, {
  baseUrl: '',
  baseHeaders: { Accept: 'application/json', 'Content-Type': 'application/json' },
  api: apiFetcher,
});
