import { contract } from '@pagecast/contract';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  errorMessage,
  firstLoadError,
  noPageSelected,
  pageRequest,
  routeUrl,
  unwrap,
} from '../src/lib/query';

describe('unwrap', () => {
  it('returns the body of the expected status', () => {
    const body = { jobId: 'j1' };
    expect(unwrap({ status: 202, body }, 202)).toBe(body);
  });

  it("throws an ApiError with the server's message, field errors and status otherwise", () => {
    const body = { message: 'Validation failed', fieldErrors: { name: ['Too short'] } };
    let error: unknown;
    try {
      unwrap({ status: 400, body }, 200);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'Validation failed',
      fieldErrors: { name: ['Too short'] },
      body,
    });
  });

  it('another 2xx is not the expected answer either', () => {
    expect(() => unwrap({ status: 200, body: {} }, 201)).toThrow(ApiError);
  });

  it('uses the fallback, else a status text, when the server sent no message', () => {
    expect(() => unwrap({ status: 500, body: {} }, 200, 'Failed to create tag.')).toThrow(
      'Failed to create tag.',
    );
    expect(() => unwrap({ status: 502, body: '<html>' }, 200)).toThrow(
      'Request failed with status 502',
    );
    expect(() => unwrap({ status: 409, body: { message: '  ' } }, 200, 'x')).toThrow('x');
  });
});

describe('ApiError', () => {
  it('data is the error body as the tag forms read it, when the body is JSON', () => {
    const json = new ApiError(409, { message: 'Exists' }, 'Failed');
    expect(json.data).toEqual({ message: 'Exists', fieldErrors: undefined });
    expect(new ApiError(400, { fieldErrors: { name: ['x'] } }, 'Failed').data).toEqual({
      message: 'Failed',
      fieldErrors: { name: ['x'] },
    });
    expect(new ApiError(502, 'Bad gateway', 'Failed').data).toBeUndefined();
  });

  it('ignores fieldErrors that are not an object', () => {
    expect(new ApiError(400, { fieldErrors: ['x'] }).fieldErrors).toBeUndefined();
  });

  it('noPageSelected: no request was sent (status 0), the forms show why', () => {
    expect(noPageSelected()).toMatchObject({ status: 0, message: 'Select a page first.' });
    expect(noPageSelected().data?.message).toBe('Select a page first.');
  });
});

describe('errorMessage', () => {
  it("shows the server's message, else the fallback", () => {
    expect(errorMessage(new ApiError(404, { message: 'Page not found' }), 'x')).toBe(
      'Page not found',
    );
    expect(errorMessage(new ApiError(500, {}), 'An error occurred')).toBe('An error occurred');
    expect(errorMessage(new TypeError('Failed to fetch'), 'An error occurred')).toBe(
      'An error occurred',
    );
    expect(errorMessage(null, 'fallback')).toBe('fallback');
  });
});

describe('routeUrl', () => {
  it("fills a contract route's params", () => {
    expect(routeUrl(contract.inbox.events, { pageId: '123456' })).toBe(
      '/api/v1/chats/123456/events',
    );
    expect(
      routeUrl(contract.campaigns.exportCampaignRecipients, {
        campaignId: '00000000-0000-4000-8000-000000000001',
      }),
    ).toBe('/api/v1/campaigns/00000000-0000-4000-8000-000000000001/recipients.csv');
  });

  it('encodes the values', () => {
    expect(routeUrl(contract.inbox.events, { pageId: 'a/b c' })).toBe(
      '/api/v1/chats/a%2Fb%20c/events',
    );
  });
});

describe('firstLoadError', () => {
  const failed = new ApiError(500, { message: 'Server said no' });
  it("is the server's words while nothing is loaded, else the error's, else the fallback", () => {
    expect(firstLoadError({ isError: true, data: undefined, error: failed }, 'Could not')).toBe(
      'Server said no',
    );
    expect(
      firstLoadError({ isError: true, data: undefined, error: new Error('Offline') }, 'Could not'),
    ).toBe('Offline');
    expect(
      firstLoadError({ isError: true, data: undefined, error: new Error('') }, 'Could not'),
    ).toBe('Could not');
  });

  it('is null once a page is loaded (a failed next page keeps the list) and without an error', () => {
    expect(firstLoadError({ isError: true, data: { pages: [] }, error: failed }, 'x')).toBeNull();
    expect(firstLoadError({ isError: false, data: undefined, error: null }, 'x')).toBeNull();
  });
});

describe('pageRequest', () => {
  it("calls the request with the page's id", async () => {
    const run = pageRequest('p1', async (id, n: number) => `${id}:${n}`);
    await expect(run(2)).resolves.toBe('p1:2');
  });

  it('refuses without a page and sends nothing', async () => {
    let sent = false;
    const run = pageRequest(undefined, async () => {
      sent = true;
    });
    await expect(run(undefined)).rejects.toMatchObject({
      status: 0,
      message: 'Select a page first.',
    });
    expect(sent).toBe(false);
  });
});
