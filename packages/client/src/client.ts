// The Pagecast client: ts-rest's `initClient` over the contract, authenticated with an API key. Every
// route's answer is ts-rest's `{ status, body, headers }` union, typed by the contract; an answer with a
// status the contract does not list for the route throws ts-rest's UnknownStatusError instead.
import { contract, type Contract } from '@pagecast/contract';
import { initClient, type ApiFetcher, type InitClientReturn } from '@ts-rest/core';

export interface PagecastClientOptions {
  /** Where Pagecast is served, e.g. `https://pagecast.example.com` (the routes add `/api/...`). */
  baseUrl: string;
  /** An API key (Account → API keys, `pck_…`), sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** A fetch of your own (a proxy, retries, recording in tests); the global `fetch` when absent. */
  fetch?: typeof globalThis.fetch;
}

interface PagecastClientArgs {
  baseUrl: string;
  baseHeaders: { authorization: string };
  throwOnUnknownStatus: true;
  api?: ApiFetcher;
}

/** The client's routes, grouped as the contract groups them: `client.inbox.sendMessage(...)`. */
export type PagecastClient = InitClientReturn<Contract, PagecastClientArgs>;

export function createPagecastClient(options: PagecastClientOptions): PagecastClient {
  const apiKey = options.apiKey?.trim();
  if (!apiKey) throw new TypeError('createPagecastClient: apiKey is required');
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`createPagecastClient: baseUrl is not a URL: ${options.baseUrl}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new TypeError(`createPagecastClient: baseUrl must be http(s): ${options.baseUrl}`);
  return initClient<Contract, PagecastClientArgs>(contract, {
    baseUrl: base.href.replace(/\/+$/, ''),
    baseHeaders: { authorization: `Bearer ${apiKey}` },
    throwOnUnknownStatus: true,
    ...(options.fetch ? { api: fetcherOver(options.fetch) } : {}),
  });
}

/**
 * ts-rest's default fetcher (`tsRestFetchApi`) over another fetch: the same request, and the body read the
 * same way (JSON for a JSON content type, text for text, a Blob otherwise).
 */
function fetcherOver(fetchImpl: typeof globalThis.fetch): ApiFetcher {
  return async ({ path, method, headers, body: request, fetchOptions }) => {
    const res = await fetchImpl(path, { ...fetchOptions, method, headers, body: request });
    const type = res.headers.get('content-type') ?? '';
    const body: unknown =
      type.includes('application/') && type.includes('json')
        ? await res.json()
        : type.includes('text/')
          ? await res.text()
          : await res.blob();
    return { status: res.status, body, headers: res.headers };
  };
}
