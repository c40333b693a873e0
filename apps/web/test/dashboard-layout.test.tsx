import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardShell } from '@pagecast/ui/layout';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore, usePagesStore } from '../src/stores';
import {
  findHeading,
  makePage,
  mockFetch,
  renderApp,
  selectPage,
  signIn,
  testUser,
} from './helpers';

const sidebar = () => screen.getByRole('complementary', { name: 'Dashboard navigation' });
const cookieValue = () => /(?:^|;\s*)sidebar_state=([^;]*)/.exec(document.cookie)?.[1];

async function openDashboard(path = '/dashboard/home') {
  signIn();
  selectPage();
  const app = await renderApp(path);
  await findHeading(/.+/);
  return app;
}

describe('dashboard sidebar', () => {
  it('is expanded by default and the toggle button saves the state in the sidebar_state cookie', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    await openDashboard();
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');

    await userEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(cookieValue()).toBe('false');
    expect(cookieSetter).toHaveBeenLastCalledWith(
      expect.stringMatching(/^sidebar_state=false; path=\/; max-age=604800/),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(cookieValue()).toBe('true');
  });

  it('reads the cookie back at start', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    await openDashboard();
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    // Collapsed: icons only, labels kept as accessible names / tooltips.
    const home = within(sidebar()).getByRole('link', { name: 'Home' });
    expect(home).toHaveAttribute('title', 'Home');
  });

  it('Ctrl+B and Cmd+B toggle the sidebar', async () => {
    await openDashboard();
    act(() => {
      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    });
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(cookieValue()).toBe('false');
    act(() => {
      fireEvent.keyDown(window, { key: 'b', metaKey: true });
    });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    act(() => {
      fireEvent.keyDown(window, { key: 'b' });
    });
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
  });

  it('Features items navigate to /dashboard/{page} with replace and mark the current one', async () => {
    const app = await openDashboard('/dashboard');
    const features = within(sidebar()).getByRole('group', { name: 'Features' });
    const links = within(features).getAllByRole('link');
    expect(links.map((b) => b.textContent)).toEqual([
      'Home',
      'Manage Tags',
      'Chats',
      'Schedule',
      'Templates',
      'Marketing',
      'Campaign Analytics',
    ]);
    // Real links (amendment 10.4): the URL shows on hover and middle-click opens a new tab.
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/dashboard/home',
      '/dashboard/manage-tags',
      '/dashboard/chats',
      '/dashboard/schedule',
      '/dashboard/templates',
      '/dashboard/marketing',
      '/dashboard/analytics',
    ]);
    expect(within(features).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const lengthBefore = app.history.length;
    await userEvent.click(within(features).getByRole('link', { name: 'Manage Tags' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/manage-tags'));
    expect(app.history.length).toBe(lengthBefore);
    expect(await findHeading('Manage Tags')).toBeInTheDocument();
    expect(within(features).getByRole('link', { name: 'Manage Tags' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(features).getByRole('link', { name: 'Home' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'Dashboard/Manage Tags',
    );
    // On phones (CSS: md:hidden) the page's name stands in for 'Dashboard': the sidebar naming it is shut.
    expect(document.querySelector('[data-slot="header-page-name"]')).toHaveTextContent(
      'Acme Coffee',
    );

    await userEvent.click(within(features).getByRole('link', { name: 'Campaign Analytics' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/analytics'));
  });

  it('a role without messaging (ANALYZE only) sees Home and Campaign Analytics, and is kept off the others', async () => {
    signIn();
    selectPage({ ...makePage(1, 'Acme Coffee'), canMessage: false });
    const app = await renderApp('/dashboard/chats');
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/home'));
    const features = within(sidebar()).getByRole('group', { name: 'Features' });
    expect(
      within(features)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Campaign Analytics']);
    // Webhooks carry conversations: no Settings group either, and the route sends it Home.
    expect(within(sidebar()).queryByRole('group', { name: 'Settings' })).toBeNull();
    await app.router.navigate({ to: '/dashboard/webhooks' });
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/home'));
  });

  it("'Change Page' goes to /select", async () => {
    const app = await openDashboard();
    const link = within(sidebar()).getByRole('link', { name: 'Change Page' });
    expect(link).toHaveAttribute('href', '/select');
    await userEvent.click(link);
    await waitFor(() => expect(app.pathname()).toBe('/select'));
  });

  it('a ctrl- or middle-click is left to the browser (new tab), the app does not navigate', async () => {
    const app = await openDashboard();
    const link = within(sidebar()).getByRole('link', { name: 'Schedule' });
    // Seen after the app's handler: was it left to the browser? (Then stopped: jsdom cannot open tabs.)
    const leftToBrowser: boolean[] = [];
    const record = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 1 }));
    document.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, true]);
    expect(app.pathname()).toBe('/dashboard/home');
  });

  it('the user menu shows the user, the subscription rows, Upgrade to Pro and Log out', async () => {
    const fetchMock = mockFetch(() => ({ status: 501, body: { message: 'Not implemented' } }));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const app = await openDashboard();

    await userEvent.click(within(sidebar()).getByRole('button', { name: /Ada Lovelace/ }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Subscription' }));
    const rows = within(menu).getByRole('group', { name: 'Subscription' });
    expect(rows).toHaveTextContent('Time—');
    expect(rows).toHaveTextContent('Available Credits—');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/v1/me/subscription', expect.anything()),
    );

    const upgrade = within(menu).getByRole('menuitem', { name: 'Upgrade to Pro' });
    expect(upgrade).toHaveAccessibleDescription('Opens a chat app in a new tab');
    await userEvent.click(upgrade);
    expect(open).toHaveBeenCalledWith('https://wa.me/15550100200', '_blank', 'noopener,noreferrer');

    await userEvent.click(within(sidebar()).getByRole('button', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(useAuthStore.getState().user).toBeNull();
    expect(usePagesStore.getState().selectedPage).toBeNull();
    // The server ends the session, so a copy of the JWT stops working too.
    const logoutCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/sessions/logout');
    expect(logoutCall?.[1]).toMatchObject({
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'x-csrf-token': 'test-csrf-token' },
    });
  });

  it('shows subscription values when the API knows them', async () => {
    mockFetch((url) =>
      url.endsWith('/api/v1/me/subscription')
        ? {
            status: 200,
            body: {
              plan: 'pro',
              status: 'active',
              periodEnd: '2030-01-15T00:00:00.000Z',
              availableCredits: 1200,
            },
          }
        : { status: 404, body: { message: 'Page not found' } },
    );
    await openDashboard();
    await userEvent.click(within(sidebar()).getByRole('button', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Subscription' }));
    const rows = screen.getByRole('group', { name: 'Subscription' });
    await waitFor(() => expect(rows).toHaveTextContent(/Available Credits1,200/));
    expect(rows).toHaveTextContent(/Time\d+ days left/);
  });
});

describe('DashboardShell fallbacks', () => {
  it("shows 'Your Page Name', 'Username' and the user id when values are missing", async () => {
    render(
      <DashboardShell
        sidebarOpen
        onSidebarOpenChange={() => {}}
        page={null}
        navItems={[{ key: 'home', label: 'Home', icon: 'home' }]}
        currentKey="home"
        hrefFor={(key) => `/dashboard/${key}`}
        onNavigate={() => {}}
        changePageHref="/select"
        onChangePage={() => {}}
        user={{ name: null, email: null, userId: testUser.userId }}
        onUpgrade={() => {}}
        onLogout={() => {}}
        breadcrumb={['Dashboard', 'Home']}
      >
        <p>content</p>
      </DashboardShell>,
    );
    expect(screen.getByText('Your Page Name')).toBeInTheDocument();
    expect(screen.getByText('Username')).toBeInTheDocument();
    expect(screen.getByText(testUser.userId)).toBeInTheDocument();
  });

  it('opens as an 18rem side sheet below 768px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const onNavigate = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <DashboardShell
        sidebarOpen
        onSidebarOpenChange={onOpenChange}
        page={{ name: 'Acme Coffee' }}
        navItems={[{ key: 'home', label: 'Home' }]}
        currentKey="home"
        hrefFor={(key) => `/dashboard/${key}`}
        onNavigate={onNavigate}
        changePageHref="/select"
        onChangePage={() => {}}
        user={{ name: 'Ada' }}
        onUpgrade={() => {}}
        onLogout={() => {}}
        breadcrumb={['Dashboard', 'Home']}
      >
        <p>content</p>
      </DashboardShell>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle Sidebar' }));
    const sheet = screen.getByRole('dialog', { name: 'Dashboard navigation' });
    expect(sheet).toHaveClass('w-[18rem]');
    expect(within(sheet).getByText('Acme Coffee')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    // Choosing an item closes the sheet.
    await userEvent.click(within(sheet).getByRole('link', { name: 'Home' }));
    expect(onNavigate).toHaveBeenCalledWith('home');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
