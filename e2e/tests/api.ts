// The API as the end-to-end tests call it directly (seeding, checking what the screens did): the ts-rest
// client built from the contract, the same one the API tests use, sent through Playwright's request context.
import { contract } from '@pagecast/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { initClient } from '@ts-rest/core';

/** A contract client over `request`, against `baseUrl` (the app's origin), sending `headers` every time. */
export function apiClient(
  request: APIRequestContext,
  options: { baseUrl?: string; headers?: Record<string, string> } = {},
) {
  return initClient(contract, {
    baseUrl: options.baseUrl ?? '',
    baseHeaders: options.headers ?? {},
    api: async ({ path, method, headers, body }) => {
      const res = await request.fetch(path, {
        method,
        headers,
        ...(body !== undefined && body !== null ? { data: body as string } : {}),
      });
      const text = await res.text();
      const json = (res.headers()['content-type'] ?? '').includes('json');
      return {
        status: res.status(),
        body: json && text ? (JSON.parse(text) as unknown) : text,
        // One entry per header line: headers() joins repeated ones (Set-Cookie) with newlines.
        headers: new Headers(
          res.headersArray().map(({ name, value }): [string, string] => [name, value]),
        ),
      };
    },
  });
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The body of an answer with `status`, typed by the contract; any other answer fails with what it was. */
export function bodyOf<R extends { status: number; body: unknown }, S extends R['status']>(
  res: R,
  status: S,
): Extract<R, { status: S }>['body'] {
  if (res.status !== status)
    throw new Error(
      `expected ${status}, the API answered ${res.status}: ${JSON.stringify(res.body)}`,
    );
  return res.body;
}

/** A new tag of the page (201, or the test fails); returns its id. */
export async function createTag(
  api: ApiClient,
  input: { pageId: string; name: string; description: string },
): Promise<string> {
  return bodyOf(await api.tags.createTag({ body: input }), 201).tag.id;
}

/** Puts the tag on each contact (200 each, or the test fails). */
export async function tagContacts(
  api: ApiClient,
  input: { pageId: string; tagId: string; psids: string[] },
): Promise<void> {
  for (const userId of input.psids) {
    bodyOf(
      await api.userTags.addUserTag({
        body: { userId, tagId: input.tagId, pageId: input.pageId },
      }),
      200,
    );
  }
}

/** The page's campaign called `name` (among its latest 100), or the test fails naming it. */
export async function campaignNamed(api: ApiClient, pageId: string, name: string) {
  const list = bodyOf(
    await api.campaigns.listCampaigns({ params: { pageId }, query: { limit: 100 } }),
    200,
  );
  const found = list.data.find((c) => c.name === name);
  if (!found) throw new Error(`Missing: ${name}`);
  return found;
}

type Recipients = Extract<
  Awaited<ReturnType<ApiClient['inbox']['getRecipients']>>,
  { status: 200 }
>['body']['recipients'];

/**
 * Reads the page's first 100 recipients until `pick` finds what the test needs among them (the page sync
 * brings them in over a while); returns what it found.
 */
export async function waitForRecipients<T>(
  api: ApiClient,
  pageId: string,
  pick: (recipients: Recipients) => T | null | undefined | false,
  timeout = 60_000,
): Promise<T> {
  let found: T | null | undefined | false;
  await expect
    .poll(
      async () => {
        const res = await api.inbox.getRecipients({ params: { pageId }, query: { limit: 100 } });
        found = pick(bodyOf(res, 200).recipients);
        return Boolean(found);
      },
      { timeout },
    )
    .toBe(true);
  return found as T;
}
