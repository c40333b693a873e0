import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '@pagecast/contract';
import { describe, expect, it } from 'vitest';
import { makePage, mockFetch, renderApp, selectPage, sentJson, signIn } from './helpers';

const page = makePage(1, 'Acme Coffee');
const HOOK: WebhookEndpoint = {
  id: '44444444-4444-4444-8444-444444444444',
  pageId: page.pageId,
  url: 'https://crm.example.com/pagecast',
  events: ['message.received'],
  status: 'active',
  disabledReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  secretRotatedAt: null,
  previousSecretExpiresAt: null,
  lastDelivery: null,
};
const delivery = (state: WebhookDelivery['state']): WebhookDelivery => ({
  id: '66666666-6666-4666-8666-666666666666',
  eventId: '77777777-7777-4777-8777-777777777777',
  type: 'webhook.test',
  state,
  createdAt: '2026-11-25T10:00:00.000Z',
  nextAttemptAt: null,
  attempts:
    state === 'pending'
      ? []
      : [
          {
            at: '2026-11-25T10:00:01.000Z',
            status: 200,
            latencyMs: 42,
            response: 'ok',
            error: null,
          },
        ],
});

function open() {
  signIn();
  selectPage(page);
}

describe('/dashboard/webhooks', () => {
  it("is the sidebar's Settings → Webhooks, and lists the selected page's endpoints", async () => {
    open();
    const fetchMock = mockFetch((url) =>
      url === `/api/v1/pages/${page.pageId}/webhooks`
        ? { status: 200, body: [HOOK] }
        : { status: 200, body: {} },
    );
    const app = await renderApp('/dashboard/home');
    const settings = await screen.findByRole('group', { name: 'Settings' });
    const link = within(settings).getByRole('link', { name: 'Webhooks' });
    expect(link).toHaveAttribute('href', '/dashboard/webhooks');
    await userEvent.click(link);
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/webhooks'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: HOOK.url })).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain(
      `/api/v1/pages/${page.pageId}/webhooks`,
    );
  });

  it('adds one: posts the URL and events, shows the answered secret once, refreshes the list', async () => {
    open();
    let listed: WebhookEndpoint[] = [];
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/v1/pages/${page.pageId}/webhooks` && init.method === 'POST') {
        listed = [HOOK];
        return { status: 201, body: { webhook: HOOK, secret: 'whsec_shown_once' } };
      }
      return { status: 200, body: listed };
    });
    await renderApp('/dashboard/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('dialog', { name: 'Add webhook' });
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), HOOK.url);
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret now' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue('whsec_shown_once');
    const post = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(sentJson(post?.[1])).toEqual({
      url: HOOK.url,
      events: [
        'message.received',
        'message.sent',
        'conversation.updated',
        'contact.tagged',
        'contact.untagged',
        'campaign.updated',
      ],
    });
    expect(await screen.findByRole('heading', { name: HOOK.url })).toBeInTheDocument();
  });

  it("shows a refusal in the server's words at the URL field", async () => {
    open();
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? {
            status: 400,
            body: {
              message: 'Validation failed',
              fieldErrors: { url: [WEBHOOK_MESSAGES.urlPrivate] },
            },
          }
        : { status: 200, body: [] },
    );
    await renderApp('/dashboard/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('dialog', { name: 'Add webhook' });
    await userEvent.type(within(form).getByLabelText('Endpoint URL'), 'https://10.0.0.1/x');
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeInTheDocument();
    expect(within(form).queryByText('Validation failed')).toBeNull();
  });

  it("sends a test, toasts the server's message, and reads the log again until it settles", async () => {
    open();
    // As the server: the delivery exists once the test is posted. The log opened by the click starts a read
    // before that, answered late (what it saw is what the database had when it was asked).
    let posted = false;
    let reads = 0;
    const fetchMock = mockFetch(async (url, init) => {
      if (url === `/api/v1/webhooks/${HOOK.id}/test` && init.method === 'POST') {
        await new Promise((r) => setTimeout(r, 50));
        posted = true;
        return {
          status: 202,
          body: { delivery: delivery('pending'), message: WEBHOOK_MESSAGES.testQueued },
        };
      }
      if (url.startsWith(`/api/v1/webhooks/${HOOK.id}/deliveries`)) {
        const exists = posted;
        if (exists) reads += 1;
        const state = reads < 2 ? 'pending' : 'succeeded';
        await new Promise((r) => setTimeout(r, exists ? 0 : 300));
        return {
          status: 200,
          body: { deliveries: exists ? [delivery(state)] : [], paging: { nextCursor: null } },
        };
      }
      return url === `/api/v1/pages/${page.pageId}/webhooks` && init.method === 'GET'
        ? { status: 200, body: [HOOK] }
        : { status: 404, body: {} };
    });
    await renderApp('/dashboard/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.testQueued)).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    expect(within(log).getByText('Pending')).toBeInTheDocument();
    expect(await within(log).findByText('Succeeded', {}, { timeout: 5000 })).toBeInTheDocument();
    const reading = reads;
    await new Promise((r) => setTimeout(r, 2500));
    // Settled: no more reads.
    expect(reads).toBe(reading);
    expect(
      fetchMock.mock.calls.some(
        ([u, i]) => u === `/api/v1/webhooks/${HOOK.id}/test` && i?.method === 'POST',
      ),
    ).toBe(true);
  }, 15_000);

  it("toasts the server's refusal of a test", async () => {
    open();
    mockFetch((url) =>
      url.endsWith('/test')
        ? { status: 409, body: { message: WEBHOOK_MESSAGES.disabledNoTest } }
        : url.includes('/deliveries')
          ? { status: 200, body: { deliveries: [], paging: { nextCursor: null } } }
          : { status: 200, body: [HOOK] },
    );
    await renderApp('/dashboard/webhooks');
    await userEvent.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText(WEBHOOK_MESSAGES.disabledNoTest)).toBeInTheDocument();
  });
});
