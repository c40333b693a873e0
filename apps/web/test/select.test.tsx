import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePagesStore } from '../src/stores';
import { findHeading, makePage, mockFetch, renderApp, signIn } from './helpers';

const pages = [makePage(1, 'Acme Coffee'), makePage(2, 'Bakery Bros'), makePage(3, 'acme tea')];

async function openSelect(list = pages) {
  signIn();
  usePagesStore.getState().setPages(list);
  const app = await renderApp('/select');
  await findHeading('Select a Page');
  return app;
}

describe('/select page chooser', () => {
  it('lists page cards with picture or initial, name, a View page link and the page ID', async () => {
    await openSelect();
    const list = screen.getByRole('list', { name: 'Pages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(card).getByRole('button', { name: 'Acme Coffee' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Acme Coffee' })).toHaveTextContent('A');
    const link = within(card).getByRole('link', { name: /View page/ });
    expect(link).toHaveAttribute('href', `https://www.facebook.com/${pages[0]?.pageId}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(card).toHaveTextContent(`Page ID: ${pages[0]?.pageId}`);
    expect(screen.getByTestId('page-list')).toHaveStyle({ maxHeight: '700px' });
    // The sidebar: user's initial and a logout icon.
    const account = screen.getByRole('complementary', { name: 'Account' });
    expect(within(account).getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('A');
    expect(within(account).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('filters by name, case-insensitively', async () => {
    await openSelect();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'ACME');
    const names = within(screen.getByRole('list', { name: 'Pages' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Acme Coffee', 'acme tea']);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search pages' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'zzz');
    expect(screen.getByText('No Pages Found')).toBeInTheDocument();
  });

  it("shows 'No Pages Found' with an 'Add New Page' button when there are no pages", async () => {
    await openSelect([]);
    expect(screen.getByText('No Pages Found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Page' })).toBeInTheDocument();
  });

  it("shows 'Loading...' while fetching, then stores the page and goes to /dashboard (replace)", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const fetchMock = mockFetch(() => new Promise((resolve) => (answer = resolve)));
    const app = await openSelect();
    const lengthBefore = app.history.length;

    await userEvent.click(screen.getByRole('button', { name: 'Bakery Bros' }));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/pages/${pages[1]?.pageId}`,
      expect.objectContaining({ method: 'GET' }),
    );

    answer({ status: 200, body: { ...pages[1], syncScope: 'none' } });
    // /dashboard's empty child is Home, which lives at /dashboard/home.
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/home'));
    expect(app.history.length).toBe(lengthBefore);
    expect(usePagesStore.getState().selectedPage).toEqual({
      pageId: pages[1]?.pageId,
      id: pages[1]?.id,
      name: 'Bakery Bros',
      syncScope: 'none',
      profilePicture: null,
      canMessage: true,
    });
    expect(await findHeading('Home')).toBeInTheDocument();
  });

  it('shows the server message when the page fetch fails', async () => {
    mockFetch(() => ({ status: 404, body: { message: 'Page not found' } }));
    const app = await openSelect();
    await userEvent.click(screen.getByRole('button', { name: 'Acme Coffee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Page not found');
    expect(app.pathname()).toBe('/select');
    expect(usePagesStore.getState().selectedPage).toBeNull();
  });

  it("shows 'An error occurred' when there is no server message", async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await openSelect();
    await userEvent.click(screen.getByRole('button', { name: 'Acme Coffee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
  });

  it('the logout icon ends the session on the server, clears everything and goes to /', async () => {
    const fetchMock = mockFetch(() => ({ status: 200, body: { success: true } }));
    const app = await openSelect();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(usePagesStore.getState().pages).toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/sessions/logout',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
  });
});
