import type { Page } from '@pagecast/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  PAGE_LIST_MAX_HEIGHT,
  SELECT_TEXT,
  SelectScreen,
  pageUrl,
  type SelectScreenProps,
} from '../src/screens/select';

const page = (n: number, name: string): Page => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  pageId: String(200000000000 + n),
  name,
  profilePicture: null,
  syncScope: 'full',
  tags: [],
  canMessage: true,
});
const PAGES = [page(1, 'Acme Coffee'), page(2, 'Bakery Bros')];

function renderSelect(over: Partial<SelectScreenProps> = {}) {
  const props: SelectScreenProps = {
    user: { name: 'Ada Lovelace', profilePic: null },
    pages: PAGES,
    search: '',
    onSearchChange: vi.fn(),
    onSelect: vi.fn(),
    onAddNewPage: vi.fn(),
    onLogout: vi.fn(),
    loading: false,
    error: null,
    ...over,
  };
  render(<SelectScreen {...props} />);
  return props;
}

describe('SelectScreen', () => {
  it('shows the title, the account rail and one card per page with its id and Facebook link', () => {
    renderSelect();
    expect(screen.getByRole('heading', { level: 1, name: 'Select a Page' })).toBeInTheDocument();
    expect(screen.getByText('Choose the page you want to manage.')).toBeInTheDocument();
    const account = screen.getByRole('complementary', { name: 'Account' });
    expect(within(account).getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('A');
    expect(within(account).getByRole('button', { name: 'Log out' })).toHaveAttribute(
      'title',
      'Log out',
    );

    const cards = within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('button', { name: 'Acme Coffee' })).toBeEnabled();
    expect(within(first).getByRole('img', { name: 'Acme Coffee' })).toHaveTextContent('A');
    expect(first).toHaveTextContent(`Page ID: ${PAGES[0]?.pageId}`);
    const link = within(first).getByRole('link', {
      name: 'View page Acme Coffee (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', `https://www.facebook.com/${PAGES[0]?.pageId}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByTestId('page-list')).toHaveStyle({
      maxHeight: `${PAGE_LIST_MAX_HEIGHT}px`,
    });
  });

  it('reports a picked page, typed search text and log out through its callbacks', async () => {
    const props = renderSelect();
    await userEvent.click(screen.getByRole('button', { name: 'Bakery Bros' }));
    expect(props.onSelect).toHaveBeenCalledWith(PAGES[1]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'b');
    expect(props.onSearchChange).toHaveBeenCalledWith('b');
    expect(screen.getByPlaceholderText('Search pages...')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(props.onLogout).toHaveBeenCalledOnce();
  });

  it("with no pages shows 'No Pages Found', the help and 'Add New Page'", async () => {
    const props = renderSelect({ pages: [] });
    expect(screen.getByText('No Pages Found')).toBeInTheDocument();
    expect(screen.getByText(SELECT_TEXT.addPageHelp)).toBeInTheDocument();
    expect(screen.queryByText(/No page name matches/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Page' }));
    expect(props.onAddNewPage).toHaveBeenCalledOnce();
  });

  it('names the search that matched nothing, and busies Add New Page while it runs', () => {
    renderSelect({ pages: [], search: '  zzz ', addNewPagePending: true });
    expect(
      screen.getByText(`No page name matches “zzz”. ${SELECT_TEXT.addPageHelp}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add New Page/ })).toBeDisabled();
  });

  it("while a page loads: 'Loading...', disabled cards, no error", () => {
    renderSelect({ loading: true, error: 'Page not found' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acme Coffee' })).toBeDisabled();
    expect(screen.getByTestId('page-list')).toHaveAttribute('aria-busy', 'true');
  });

  it('while loading with no pages shows placeholders instead of the empty state', () => {
    renderSelect({ pages: [], loading: true });
    expect(screen.queryByText('No Pages Found')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.getByTestId('page-list').querySelectorAll('li')).toHaveLength(3);
  });

  it('shows an error as an alert', () => {
    renderSelect({ error: 'Page not found' });
    expect(screen.getByRole('alert')).toHaveTextContent('Page not found');
  });

  it('accountActions render above Log out', () => {
    renderSelect({ accountActions: <button type="button">Theme</button> });
    const account = screen.getByRole('complementary', { name: 'Account' });
    const buttons = within(account)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(buttons).toEqual(['Theme', 'Log out']);
  });

  it('pageUrl links the page on Facebook, encoded', () => {
    expect(pageUrl('123')).toBe('https://www.facebook.com/123');
    expect(pageUrl('a/b')).toBe('https://www.facebook.com/a%2Fb');
  });
});
