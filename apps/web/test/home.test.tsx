import type { Campaign, PageOverview } from '@pagecast/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscriptionTimeLeft } from '../src/features/subscription/time-left';
import { makePage, mockFetch, renderApp, selectPage, signIn } from './helpers';

const page = makePage(7, 'Acme Coffee');

const campaign = (over: Partial<Campaign>): Campaign => ({
  id: '11111111-1111-4111-8111-111111111111',
  pageId: page.pageId,
  name: 'Spring sale',
  description: 'Spring',
  message: 'Hello',
  scheduledTime: '2030-03-01T10:00:00.000Z',
  type: 'ACCOUNT_UPDATE',
  tagId: null,
  tagName: null,
  audienceCount: 200,
  dispatchedCount: 180,
  deliveredCount: 150,
  interactedCount: 30,
  failedCount: 20,
  skippedCount: 0,
  templateName: null,
  reachableOnly: false,
  deliverOnReturnUntil: null,
  marketing: false,
  marketingReadyAt: null,
  status: 'completed',
  statusReason: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  startedAt: '2030-01-02T10:00:00.000Z',
  completedAt: '2030-01-02T10:05:00.000Z',
  ...over,
});

const overview = (over: Partial<PageOverview> = {}): PageOverview => ({
  page: { ...page, tags: [] },
  contacts: { total: 0, insideWindow: 0 },
  tagCount: 0,
  lastSync: null,
  upcomingCampaigns: [],
  lastCampaign: null,
  webhooksOff: [],
  inbox: { needsReply: 0, unread: 0, assignedToYou: 0 },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

async function openHome(body: unknown, status = 200) {
  const fetchMock = mockFetch((url) =>
    url.endsWith(`/api/v1/pages/${page.pageId}/overview`)
      ? { status, body }
      : { status: 404, body: { message: 'x' } },
  );
  signIn();
  selectPage(page);
  const app = await renderApp('/dashboard/home');
  return { app, fetchMock };
}

describe('Home screen', () => {
  it("the inbox's queue: need a reply, unread and assigned to you, each a link to that filter", async () => {
    const { app } = await openHome(
      overview({ inbox: { needsReply: 12, unread: 1, assignedToYou: 3 } }),
    );
    const needs = await screen.findByRole('link', { name: '12 need a reply' });
    expect(needs).toHaveAttribute('href', '/dashboard/chats?filter=needs_reply');
    expect(screen.getByRole('link', { name: '1 unread' })).toHaveAttribute(
      'href',
      '/dashboard/chats?filter=unread',
    );
    expect(screen.getByRole('link', { name: '3 assigned to you' })).toHaveAttribute(
      'href',
      '/dashboard/chats?assignee=mine',
    );
    await userEvent.click(needs);
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/chats'));
  });

  it('a new page: get-started steps and empty states link to their screens', async () => {
    const { app, fetchMock } = await openHome(overview());
    expect(await screen.findByRole('heading', { name: 'Get started' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/pages/${page.pageId}/overview`,
      expect.objectContaining({ method: 'GET' }),
    );
    expect(screen.getByText('No campaigns scheduled')).toBeInTheDocument();
    expect(screen.getByText('No campaigns sent yet')).toBeInTheDocument();
    expect(screen.getByText('Not synced yet')).toBeInTheDocument();
    const scheduleLinks = screen.getAllByRole('link', { name: /Schedule your first campaign/ });
    for (const link of scheduleLinks) expect(link).toHaveAttribute('href', '/dashboard/schedule');
    await userEvent.click(screen.getByRole('link', { name: 'Create your first tag' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/manage-tags'));
  });

  it('says which webhook features Meta did not subscribe the page to, and what to do', async () => {
    await openHome(
      overview({
        webhooksOff: [
          {
            feature: 'inbox',
            reason: 'permission',
            permission: 'pages_messaging',
            checkedAt: '2030-01-01T10:00:00.000Z',
          },
          {
            feature: 'template_status',
            reason: 'failed',
            permission: null,
            checkedAt: '2030-01-01T10:00:00.000Z',
          },
        ],
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some updates from Facebook are off');
    expect(alert).toHaveTextContent(
      'Incoming messages are off: new messages, deliveries and reads do not reach Pagecast. ' +
        'Meta refused it: log in again and allow pages_messaging for this page.',
    );
    expect(alert).toHaveTextContent(
      'Template status updates are off: approvals show only when you open Templates. ' +
        'Facebook could not be reached. Pagecast tries again within 6 hours, or when you log in again.',
    );
  });

  it('no webhook notice when every feature is on', async () => {
    await openHome(overview());
    await screen.findByRole('heading', { name: 'Get started' });
    expect(screen.queryByText('Some updates from Facebook are off')).not.toBeInTheDocument();
  });

  it('a busy page: counts, sync state, upcoming campaigns and the last funnel', async () => {
    await openHome(
      overview({
        contacts: { total: 1234, insideWindow: 56 },
        tagCount: 3,
        lastSync: {
          status: 'completed',
          finishedAt: new Date().toISOString(),
          processed: 1234,
          error: null,
        },
        upcomingCampaigns: [campaign({ name: 'Next week', status: 'pending', tagName: 'VIP' })],
        lastCampaign: campaign({ name: 'Spring sale' }),
      }),
    );
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('1,234');
    expect(summary).toHaveTextContent('56 can be messaged now');
    expect(summary).toHaveTextContent('Completed');
    expect(screen.queryByRole('heading', { name: 'Get started' })).not.toBeInTheDocument();
    const upcoming = screen.getByRole('list', { name: 'Upcoming campaigns' });
    expect(within(upcoming).getByText('Next week')).toBeInTheDocument();
    expect(within(upcoming).getByText('VIP')).toBeInTheDocument();
    expect(screen.getByText('Spring sale')).toBeInTheDocument();
    // One base, the audience, for every share (as the campaign's detail shows them).
    expect(screen.getByText('Dispatched').parentElement).toHaveTextContent('Dispatched18090%');
    expect(screen.getByText('Delivered').parentElement).toHaveTextContent('Delivered15075%');
    expect(screen.getByText('Interacted').parentElement).toHaveTextContent('Interacted3015%');
    expect(screen.getByRole('link', { name: 'View analytics' })).toHaveAttribute(
      'href',
      '/dashboard/analytics',
    );
  });

  it("while the page syncs, the Last sync card says 'Syncing…' with N of M, as the header does", async () => {
    mockFetch((url, init) => {
      if (url.endsWith(`/api/v1/pages/${page.pageId}/overview`))
        return { status: 200, body: overview() };
      if (url.endsWith(`/api/v1/pages/sync/${page.pageId}`) && init.method === 'POST')
        return { status: 202, body: { jobId: 'job-1' } };
      if (url.endsWith('/api/v1/pages/sync-status/job-1'))
        return {
          status: 200,
          body: {
            jobId: 'job-1',
            status: 'running',
            isActive: true,
            state: 'active',
            progress: { processed: 1200, total: 5000 },
            error: null,
          },
        };
      return { status: 404, body: { message: 'x' } };
    });
    signIn();
    selectPage({ ...page, syncScope: 'none' });
    await renderApp('/dashboard/home');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await waitFor(() => expect(summary).toHaveTextContent('Syncing…'));
    expect(summary).toHaveTextContent('1,200 of 5,000 conversations');
    expect(summary).not.toHaveTextContent('Not synced yet');
    expect(screen.getByRole('progressbar', { name: 'Syncing contacts' })).toHaveAttribute(
      'aria-valuetext',
      '1,200 of 5,000',
    );
  });

  it('shows skeletons while loading, then the server message on an error', async () => {
    await openHome({ message: 'Database unavailable' }, 503);
    expect(screen.getByRole('status', { name: 'Loading overview' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the overview');
    expect(alert).toHaveTextContent('Database unavailable');
  });
});

describe('subscription time left', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  it('counts whole days left, rounding up', () => {
    const sub = { plan: 'pro' as const, status: 'active' as const, availableCredits: 0 };
    expect(subscriptionTimeLeft({ ...sub, periodEnd: '2030-01-24T11:00:00Z' }, now)).toBe(
      '23 days left',
    );
    expect(subscriptionTimeLeft({ ...sub, periodEnd: '2030-01-01T13:00:00Z' }, now)).toBe(
      '1 day left',
    );
    expect(subscriptionTimeLeft({ ...sub, periodEnd: '2029-12-31T12:00:00Z' }, now)).toBe(
      'Expired',
    );
  });
  it("says 'No active plan' without one, and 'Expired' after it", () => {
    expect(
      subscriptionTimeLeft(
        { plan: 'free', status: 'none', periodEnd: null, availableCredits: 0 },
        now,
      ),
    ).toBe('No active plan');
    expect(
      subscriptionTimeLeft(
        { plan: 'pro', status: 'expired', periodEnd: '2029-01-01T00:00:00Z', availableCredits: 5 },
        now,
      ),
    ).toBe('Expired');
  });
});
