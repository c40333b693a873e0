import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UNAUTHORIZED_LOG_MESSAGE, tsr } from '../src/lib/api';
import { STORAGE_KEYS, useAuthStore, useJobsStore, usePagesStore } from '../src/stores';
import { findHeading, makePage, mockFetch, renderApp, selectPage, signIn } from './helpers';

describe('API client', () => {
  it('sends no token (the session is an httpOnly cookie) with JSON Accept, and no content type without a body', async () => {
    signIn(undefined, 'my-csrf');
    const fetchMock = mockFetch(() => ({ status: 200, body: makePage(7) }));
    const res = await tsr.pages.getPage.query({ params: { pageId: makePage(7).pageId } });
    expect(res.status).toBe(200);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/v1/pages/${makePage(7).pageId}`);
    const headers = init?.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    // A read needs no CSRF proof.
    expect(headers['x-csrf-token']).toBeUndefined();
    expect(init?.credentials).toBe('same-origin');
    expect(headers.accept).toBe('application/json');
    expect(headers['content-type']).toBeUndefined();
  });

  it('echoes the CSRF cookie in the CSRF header on every write', async () => {
    signIn(undefined, 'my-csrf');
    const fetchMock = mockFetch(() => ({ status: 200, body: { success: true } }));
    await tsr.sessions.logout.mutate({}).catch(() => {});
    await tsr.sessions.revoke
      .mutate({ params: { id: '00000000-0000-4000-8000-000000000001' } })
      .catch(() => {});
    for (const [, init] of fetchMock.mock.calls) {
      expect((init?.headers as Record<string, string>)['x-csrf-token']).toBe('my-csrf');
      expect(init?.credentials).toBe('same-origin');
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the JSON content type when there is a body', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { success: true } }));
    await tsr.tags.createTag
      .mutate({ body: { name: 'VIP', description: 'Best clients', pageId: '123' } })
      .catch(() => {});
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
  });

  it.each([401, 403])('a %i answer logs, clears the stores and goes to /', async (status) => {
    signIn();
    selectPage();
    useJobsStore.getState().addJob('1', 'job');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const app = await renderApp('/dashboard/home');
    expect(await findHeading('Home')).toBeInTheDocument();

    mockFetch(() => ({ status, body: { message: 'Invalid token' } }));
    await tsr.pages.getPage.query({ params: { pageId: '123' } });

    expect(log).toHaveBeenCalledWith('Unauthorized access - Redirecting to login...');
    expect(log).toHaveBeenCalledWith(UNAUTHORIZED_LOG_MESSAGE);
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(useAuthStore.getState()).toMatchObject({ user: null });
    expect(usePagesStore.getState()).toMatchObject({ pages: [], selectedPage: null });
    expect(useJobsStore.getState().jobs).toEqual({});
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(
      await screen.findByRole('heading', { name: /Message Scheduling Got Easy/i }),
    ).toBeInTheDocument();
  });
});
