import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TagListItem } from '@pagecast/contract';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../src/lib/query-client';
import { queryKeys } from '../src/lib/query-keys';
import { usePagesStore } from '../src/stores';
import { makePage, mockFetch, renderApp, selectPage, sentJson, signIn } from './helpers';

const page = makePage(1, 'Acme Coffee');
const BUYERS: TagListItem = {
  tag: {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Buyers',
    description: 'Bought something',
  },
  count: 3,
};

function openAsAdmin() {
  signIn();
  usePagesStore.getState().setPages([page]);
  selectPage(page);
}

const sectionToggle = (name: string) => {
  const toggle = screen
    .getAllByRole('button', { name })
    .find((b) => b.hasAttribute('aria-expanded'));
  if (!toggle) throw new Error(`no toggle ${name}`);
  return toggle;
};

async function fillAndCreate(name: string, description: string) {
  const form = screen.getByRole('form', { name: 'Create Tag' });
  await userEvent.type(within(form).getByLabelText('Tag Name'), name);
  await userEvent.type(within(form).getByLabelText('Tag Description'), description);
  await userEvent.click(within(form).getByRole('button', { name: 'Create Tag' }));
}

describe('/dashboard/manage-tags', () => {
  it("loads the selected page's tags into the Tags Details table", async () => {
    openAsAdmin();
    const fetchMock = mockFetch(() => ({ status: 200, body: [BUYERS] }));
    await renderApp('/dashboard/manage-tags');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Tags' }),
    ).toBeInTheDocument();
    await userEvent.click(sectionToggle('Tags Details'));
    expect(await screen.findByRole('cell', { name: 'Buyers' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/v1/tags/page/${page.pageId}`);
  });

  it("shows 'Error loading tags:' with the server's message", async () => {
    openAsAdmin();
    mockFetch(() => ({ status: 404, body: { message: 'Page not found' } }));
    await renderApp('/dashboard/manage-tags');
    await userEvent.click(sectionToggle('Tags Details'));
    expect(await screen.findByText('Error loading tags: Page not found')).toBeInTheDocument();
  });

  it('creates a tag: posts it, toasts, clears the form and updates the list and the store', async () => {
    openAsAdmin();
    const created = {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Leads',
      description: 'Asked prices',
      pageId: page.pageId,
    };
    let listed: TagListItem[] = [BUYERS];
    const fetchMock = mockFetch((url, init) => {
      if (init.method === 'POST') {
        listed = [
          BUYERS,
          { tag: { id: created.id, name: 'Leads', description: 'Asked prices' }, count: 0 },
        ];
        return {
          status: 201,
          body: { success: true, tag: created, message: 'Tag created successfully!' },
        };
      }
      return { status: 200, body: listed };
    });
    await renderApp('/dashboard/manage-tags');
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.tags.list(page.pageId))).toEqual([BUYERS]),
    );

    await fillAndCreate('Leads', 'Asked prices');
    expect(await screen.findByText('Tag created successfully!')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/v1/tags');
    expect(sentJson(post?.[1])).toEqual({
      name: 'Leads',
      description: 'Asked prices',
      pageId: page.pageId,
    });
    expect(screen.getByLabelText('Tag Name')).toHaveValue('');

    expect(usePagesStore.getState().pages[0]?.tags).toEqual([created]);
    await userEvent.click(sectionToggle('Tags Details'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Buyers',
      'Leads',
    ]);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent('0');
  });

  it("on failure toasts 'Failed to create tag.' with the server's reason, logs, and shows it in the form", async () => {
    openAsAdmin();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? { status: 409, body: { message: 'A tag named "Buyers" already exists on this page' } }
        : { status: 200, body: [BUYERS] },
    );
    await renderApp('/dashboard/manage-tags');
    await fillAndCreate('buyers', 'Again');
    expect(
      await screen.findByText(
        'Failed to create tag. A tag named "Buyers" already exists on this page',
      ),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create Tag' });
    expect(
      within(form).getByText('A tag named "Buyers" already exists on this page'),
    ).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(usePagesStore.getState().pages[0]?.tags).toEqual([]);
  });

  it('shows server field errors under their field after a 400', async () => {
    openAsAdmin();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? {
            status: 400,
            body: {
              message: 'Validation failed',
              fieldErrors: { name: ['Tag name must be at least 3 characters.'] },
            },
          }
        : { status: 200, body: [] },
    );
    await renderApp('/dashboard/manage-tags');
    await fillAndCreate('Abc', 'Fine text');
    expect(await screen.findByText('Tag name must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.getByText('Validation failed')).toBeInTheDocument();
  });

  it('deletes a tag after confirming and drops it from the list', async () => {
    openAsAdmin();
    let listed = [BUYERS];
    const fetchMock = mockFetch((_url, init) => {
      if (init.method !== 'DELETE') return { status: 200, body: listed };
      listed = [];
      return { status: 200, body: { success: true, message: 'Tag deleted successfully!' } };
    });
    await renderApp('/dashboard/manage-tags');
    await userEvent.click(sectionToggle('Tags Details'));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Buyers' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('3 contacts carry this tag.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Tag deleted successfully!')).toBeInTheDocument();
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(del?.[0]).toBe(`/api/v1/tags/${BUYERS.tag.id}`);
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});
