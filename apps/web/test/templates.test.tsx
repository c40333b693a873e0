import { PERMISSION_MESSAGES, type MessageTemplate } from '@pagecast/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePage, mockFetch, renderApp, selectPage, signIn, testUser } from './helpers';

const page = makePage(9, 'Lotus Flow');
const template = (status: MessageTemplate['status']): MessageTemplate => ({
  id: '7b0e8a52-3c2f-4a51-9a7e-1f6f3f0a9c11',
  pageId: page.pageId,
  name: 'class_change',
  language: 'en_US',
  body: 'Hi {{first_name}}, your class moved.',
  parameterFormat: 'NAMED',
  params: ['first_name'],
  buttons: [],
  status,
  rejectedReason: null,
  scheduledCampaigns: 0,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Templates screen', () => {
  it('while a template is in review, the list is re-read from Meta until it is decided', async () => {
    const calls: string[] = [];
    mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url.endsWith(`/api/v1/templates/page/${page.pageId}`))
        return { status: 200, body: [template('pending')] };
      if (url.endsWith(`/api/v1/templates/page/${page.pageId}/refresh`))
        return { status: 200, body: [template('approved')] };
      return { status: 404, body: { message: 'x' } };
    });
    signIn();
    selectPage(page);
    await renderApp('/dashboard/templates');
    const card = await screen.findByTestId('template-card');
    expect(within(card).getByText('In review')).toBeInTheDocument();
    // The next look (5 s later) asks Meta, not the server's copy: the webhook may have been missed.
    expect(await within(card).findByText('Approved', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(calls).toContain(`POST /api/v1/templates/page/${page.pageId}/refresh`);
  }, 15_000);

  it('signed in without the utility messaging permission: says which and how to grant it', async () => {
    mockFetch((url) =>
      url.endsWith(`/api/v1/templates/page/${page.pageId}`)
        ? { status: 200, body: [] }
        : { status: 404, body: { message: 'x' } },
    );
    signIn({ ...testUser, grantedScopes: ['public_profile', 'pages_messaging'] });
    selectPage(page);
    await renderApp('/dashboard/templates');
    expect(await screen.findByRole('alert')).toHaveTextContent(PERMISSION_MESSAGES.templates);
    expect(screen.getByRole('button', { name: 'Reconnect Facebook' })).toBeEnabled();
  });

  it('with it (or a session from before grants were recorded): no notice', async () => {
    mockFetch((url) =>
      url.endsWith(`/api/v1/templates/page/${page.pageId}`)
        ? { status: 200, body: [] }
        : { status: 404, body: { message: 'x' } },
    );
    signIn({ ...testUser, grantedScopes: ['pages_messaging', 'pages_utility_messaging'] });
    selectPage(page);
    await renderApp('/dashboard/templates');
    await screen.findByText('New template');
    expect(screen.queryByText(PERMISSION_MESSAGES.templates)).toBeNull();
  });
});
