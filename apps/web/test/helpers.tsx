import { CSRF_COOKIE } from '@pagecast/contract';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import type { Page } from '@pagecast/contract';
import { vi } from 'vitest';
import { App } from '../src/app';
import { queryClient } from '../src/lib/query-client';
import { createAppRouter } from '../src/router';
import { useAuthStore, usePagesStore, type AuthUser } from '../src/stores';

export const testUser: AuthUser = {
  userId: '10000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  profilePic: null,
  role: 'admin',
};

export const makePage = (n: number, name = `Page ${n}`): Page => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  pageId: String(200000000000 + n),
  name,
  profilePicture: null,
  syncScope: 'full',
  tags: [],
  canMessage: true,
});

/** What a sign-in leaves in the browser: the user, and the readable CSRF cookie (the session cookie is httpOnly). */
export function signIn(user: AuthUser = testUser, csrf = 'test-csrf-token') {
  useAuthStore.getState().setAuth({ user });
  document.cookie = `${CSRF_COOKIE}=${csrf}; path=/`;
}

export function selectPage(page: Page = makePage(1, 'Acme Coffee')) {
  usePagesStore.getState().setSelectedPage({
    pageId: page.pageId,
    id: page.id,
    name: page.name,
    syncScope: page.syncScope,
    profilePicture: page.profilePicture,
    canMessage: page.canMessage,
  });
}

/** Renders the real app (real route tree) on a memory history at `path`. */
export async function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  await act(async () => {
    await router.load();
  });
  const utils = render(<App router={router} queryClient={queryClient} />);
  return { ...utils, router, history, pathname: () => router.state.location.pathname };
}

type JsonHandler = (
  url: string,
  init: RequestInit,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** The JSON body a request sent (the ts-rest client sends a JSON string); throws on any other body. */
export function sentJson(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body !== 'string') throw new Error(`Expected a JSON string body, got ${typeof body}`);
  return JSON.parse(body);
}

/** Replaces global fetch with a JSON responder; returns the mock to inspect calls. */
export function mockFetch(handler: JsonHandler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { status, body } = await handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export const findHeading = (name: string | RegExp) =>
  screen.findByRole('heading', { name, level: 1 });
