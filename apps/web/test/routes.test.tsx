import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findHeading, renderApp, selectPage, signIn } from './helpers';

describe('route guards (spec §2)', () => {
  it('/select without a token redirects to /', async () => {
    const app = await renderApp('/select');
    expect(app.pathname()).toBe('/');
    expect(
      await screen.findByRole('heading', { name: /Message Scheduling Got Easy/i }),
    ).toBeInTheDocument();
  });

  it('/dashboard without a token redirects to /', async () => {
    const app = await renderApp('/dashboard/manage-tags');
    expect(app.pathname()).toBe('/');
  });

  it('/dashboard with a token but no selected page redirects to /select', async () => {
    signIn();
    const app = await renderApp('/dashboard');
    expect(app.pathname()).toBe('/select');
    expect(await findHeading('Select a Page')).toBeInTheDocument();
  });

  it('/dashboard with a token and a selected page renders the layout and Home (at /dashboard/home)', async () => {
    signIn();
    selectPage();
    const app = await renderApp('/dashboard');
    expect(app.pathname()).toBe('/dashboard/home');
    expect(await findHeading('Home')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Dashboard/Home');
    // In the sidebar, and (phones only, by CSS) in the header's first crumb.
    expect(screen.getAllByText('Acme Coffee')).toHaveLength(2);
    expect(screen.getByText('Your Bulk Messaging App')).toBeInTheDocument();
  });

  it.each([
    ['/dashboard/schedule', 'Schedule Campaign', 'Schedule Campaign'],
    ['/dashboard/analytics', 'Campaign Analytics', 'Refresh'],
  ])('%s shows its screen', async (path, title, button) => {
    signIn();
    selectPage();
    await renderApp(path);
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: button })).toBeInTheDocument();
  });

  it('public routes render without a token', async () => {
    await renderApp('/privacy-policy');
    expect(await screen.findByText(/10-April-2025/)).toBeInTheDocument();
  });
});

describe('error fallback', () => {
  it('an unknown route shows a 404 page (not the error fallback) with a link home', async () => {
    await renderApp('/no/such/route');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    // Inside the site's frame: one main landmark, the footer's legal links, a way home.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('an unknown dashboard screen stays inside the dashboard, with a way back to Home', async () => {
    signIn();
    selectPage();
    await renderApp('/dashboard/no-such-screen');
    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/dashboard/home',
    );
    expect(screen.getByRole('group', { name: 'Features' })).toBeInTheDocument();
  });
});
