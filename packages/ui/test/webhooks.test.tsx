import {
  OUTBOUND_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@pagecast/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DeliveryLog,
  WEBHOOKS_TEXT as T,
  WebhooksScreen,
  type DeliveryLogProps,
  type WebhooksScreenProps,
} from '../src/screens/webhooks';

const hook = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '44444444-4444-4444-8444-444444444444',
  pageId: '1001',
  url: 'https://crm.example.com/pagecast',
  events: ['message.received', 'contact.tagged'],
  status: 'active',
  disabledReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  secretRotatedAt: null,
  previousSecretExpiresAt: null,
  lastDelivery: { at: '2026-11-25T10:00:00.000Z', ok: true, status: 200 },
  ...over,
});

const SECRET = 'whsec_' + 'k'.repeat(40);

function setup(over: Partial<WebhooksScreenProps> = {}) {
  const props: WebhooksScreenProps = {
    webhooks: [hook()],
    error: null,
    onCreate: vi.fn(async () => ({ secret: SECRET })),
    onUpdate: vi.fn(async () => undefined),
    onSetEnabled: vi.fn(),
    onRotateSecret: vi.fn(async () => ({ secret: SECRET + 'new' })),
    onDelete: vi.fn(async () => undefined),
    onSendTest: vi.fn(),
    renderDeliveryLog: (w) => <p>log of {w.url}</p>,
    onCopy: vi.fn(async () => {}),
    locale: 'en-US',
    ...over,
  };
  render(<WebhooksScreen {...props} />);
  return props;
}

describe('WebhooksScreen', () => {
  it('lists each endpoint with its URL, events, status and last delivery', () => {
    setup({
      webhooks: [
        hook(),
        hook({
          id: '55555555-5555-4555-8555-555555555555',
          url: 'https://ops.example.com/hook',
          events: ['campaign.updated'],
          lastDelivery: { at: '2026-11-25T11:00:00.000Z', ok: false, status: 500 },
        }),
      ],
    });
    const items = within(screen.getByRole('list', { name: T.list })).getAllByRole('listitem', {
      name: /example\.com/,
    });
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading')).toHaveTextContent(
      'https://crm.example.com/pagecast',
    );
    expect(within(first).getByText('message.received')).toBeInTheDocument();
    expect(within(first).getByText('contact.tagged')).toBeInTheDocument();
    expect(within(first).getByText(T.active)).toBeInTheDocument();
    expect(first).toHaveTextContent('succeeded (HTTP 200)');
    expect(second).toHaveTextContent('failed (HTTP 500)');
  });

  it('explains webhooks when the page has none, and offers to add one', async () => {
    setup({ webhooks: [] });
    expect(screen.getByText(T.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(T.emptyText)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: T.add }));
    expect(screen.getByRole('dialog', { name: T.addTitle })).toBeInTheDocument();
  });

  it('shows the load error in the server’s words', () => {
    setup({ webhooks: null, error: 'Page not found' });
    expect(screen.getByRole('alert')).toHaveTextContent(`${T.loadError} Page not found`);
  });

  it('checks the URL and events with the contract’s messages before sending', async () => {
    const props = setup({ webhooks: [] });
    await userEvent.click(screen.getByRole('button', { name: T.add }));
    const dialog = screen.getByRole('dialog', { name: T.addTitle });
    const url = within(dialog).getByLabelText(T.urlLabel);
    const submit = within(dialog).getByRole('button', { name: T.create });

    await userEvent.click(submit);
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.urlRequired)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveFocus();

    await userEvent.type(url, 'not a url');
    await userEvent.click(submit);
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.urlInvalid)).toBeInTheDocument();

    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://example.com/x');
    await userEvent.click(submit);
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.urlNotHttps)).toBeInTheDocument();

    await userEvent.clear(url);
    await userEvent.type(url, 'https://me:pw@example.com/x');
    await userEvent.click(submit);
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.urlCredentials)).toBeInTheDocument();

    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com/x');
    // All events are chosen at first; 'All events' clears them.
    const all = within(dialog).getByRole('checkbox', { name: T.allEvents });
    expect(all).toBeChecked();
    await userEvent.click(all);
    for (const e of OUTBOUND_EVENT_TYPES)
      expect(within(dialog).getByRole('checkbox', { name: new RegExp(`^${e}`) })).not.toBeChecked();
    await userEvent.click(submit);
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(props.onCreate).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^message\.sent/ }));
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await userEvent.click(submit);
    expect(props.onCreate).toHaveBeenCalledWith({
      url: 'https://example.com/x',
      events: ['message.sent'],
    });
  });

  it('shows the server’s refusal at the field it names', async () => {
    const refusal = Object.assign(new Error(WEBHOOK_MESSAGES.urlPrivate), {
      fieldErrors: { url: [WEBHOOK_MESSAGES.urlPrivate] },
    });
    setup({ webhooks: [], onCreate: vi.fn(async () => Promise.reject(refusal)) });
    await userEvent.click(screen.getByRole('button', { name: T.add }));
    const dialog = screen.getByRole('dialog', { name: T.addTitle });
    await userEvent.type(within(dialog).getByLabelText(T.urlLabel), 'https://10.0.0.1/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.urlPrivate)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
  });

  it('shows the secret once after adding, with copy and the warning; closed, it is gone', async () => {
    const props = setup({ webhooks: [] });
    await userEvent.click(screen.getByRole('button', { name: T.add }));
    const form = screen.getByRole('dialog', { name: T.addTitle });
    await userEvent.type(within(form).getByLabelText(T.urlLabel), 'https://example.com/x');
    await userEvent.click(within(form).getByRole('button', { name: T.create }));
    const dialog = await screen.findByRole('dialog', { name: T.secretTitle });
    expect(within(dialog).getByLabelText(T.secretLabel)).toHaveValue(SECRET);
    expect(within(dialog).getByRole('note')).toHaveTextContent('You will not see it again.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.copy }));
    expect(props.onCopy).toHaveBeenCalledWith(SECRET);
    expect(await within(dialog).findByRole('button', { name: T.copied })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: T.stored }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('rotates after a confirmation that the old secret works 24 hours more, then shows the new one', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: T.rotate }));
    const confirm = screen.getByRole('dialog', { name: T.rotateTitle });
    expect(confirm).toHaveTextContent(
      `The old secret keeps working for ${WEBHOOK_LIMITS.previousSecretHours} hours`,
    );
    await userEvent.click(within(confirm).getByRole('button', { name: T.rotateAction }));
    expect(props.onRotateSecret).toHaveBeenCalledWith(hook().id);
    const shown = await screen.findByRole('dialog', { name: T.secretTitle });
    expect(within(shown).getByLabelText(T.secretLabel)).toHaveValue(SECRET + 'new');
  });

  it('says while the previous secret still signs', () => {
    setup({
      webhooks: [
        hook({
          secretRotatedAt: new Date().toISOString(),
          previousSecretExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        }),
      ],
    });
    expect(screen.getByText(/The previous secret also signs deliveries until/)).toBeInTheDocument();
  });

  it('edits the URL and events from the endpoint’s current values', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: T.edit }));
    const dialog = screen.getByRole('dialog', { name: T.editTitle });
    const url = within(dialog).getByLabelText(T.urlLabel);
    expect(url).toHaveValue('https://crm.example.com/pagecast');
    expect(within(dialog).getByRole('checkbox', { name: /^message\.received/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^message\.sent/ })).not.toBeChecked();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://crm.example.com/v2');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^contact\.tagged/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }));
    expect(props.onUpdate).toHaveBeenCalledWith(hook().id, {
      url: 'https://crm.example.com/v2',
      events: ['message.received'],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows why a disabled endpoint was disabled, with Enable again; its test is off', async () => {
    const reason = WEBHOOK_MESSAGES.disabledAfterFailures('HTTP 500');
    const props = setup({ webhooks: [hook({ status: 'disabled', disabledReason: reason })] });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(reason);
    expect(screen.getByText(T.disabled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.sendTest })).toBeDisabled();
    expect(screen.queryByRole('button', { name: T.disable })).toBeNull();
    await userEvent.click(within(status).getByRole('button', { name: T.enableAgain }));
    expect(props.onSetEnabled).toHaveBeenCalledWith(hook().id, true);
  });

  it('disables, sends a test (opening the log) and deletes after a confirmation', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: T.disable }));
    expect(props.onSetEnabled).toHaveBeenCalledWith(hook().id, false);

    const logToggle = screen.getByRole('button', { name: T.showLog });
    expect(logToggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/log of/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: T.sendTest }));
    expect(props.onSendTest).toHaveBeenCalledWith(hook().id);
    expect(screen.getByRole('button', { name: T.hideLog })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('log of https://crm.example.com/pagecast')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: T.delete }));
    const confirm = screen.getByRole('dialog', { name: T.deleteTitle });
    expect(confirm).toHaveTextContent('https://crm.example.com/pagecast');
    await userEvent.click(within(confirm).getByRole('button', { name: T.deleteAction }));
    expect(props.onDelete).toHaveBeenCalledWith(hook().id);
  });

  it(`cannot add more than ${WEBHOOK_LIMITS.perPage}`, () => {
    setup({
      webhooks: Array.from({ length: WEBHOOK_LIMITS.perPage }, (_, i) =>
        hook({ id: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}` }),
      ),
    });
    expect(screen.getByRole('button', { name: T.add })).toBeDisabled();
    expect(screen.getByText(T.limit)).toBeInTheDocument();
  });
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '66666666-6666-4666-8666-666666666666',
  eventId: '77777777-7777-4777-8777-777777777777',
  type: 'webhook.test',
  state: 'succeeded',
  createdAt: '2026-11-25T10:00:00.000Z',
  nextAttemptAt: null,
  attempts: [
    {
      at: '2026-11-25T10:00:01.000Z',
      status: 200,
      latencyMs: 42,
      response: '{"ok":true}',
      error: null,
    },
  ],
  ...over,
});

function Log(over: Partial<DeliveryLogProps>) {
  const [more, setMore] = useState(false);
  return (
    <DeliveryLog
      deliveries={[]}
      hasMore={!more}
      onLoadMore={() => setMore(true)}
      onReplay={() => undefined}
      locale="en-US"
      {...over}
    />
  );
}

describe('DeliveryLog', () => {
  it('shows each delivery’s state, event, HTTP status and latency, and each try in its details', async () => {
    const onReplay = vi.fn();
    render(
      <Log
        onReplay={onReplay}
        deliveries={[
          delivery({
            id: '88888888-8888-4888-8888-888888888888',
            type: 'message.received',
            state: 'retrying',
            nextAttemptAt: '2026-11-25T10:05:00.000Z',
            attempts: [
              {
                at: '2026-11-25T10:01:00.000Z',
                status: 500,
                latencyMs: 120,
                response: '<h1>oops</h1><script>alert(1)</script>',
                error: 'HTTP 500',
              },
              {
                at: '2026-11-25T10:00:00.000Z',
                status: null,
                latencyMs: 10_000,
                response: null,
                error: 'Timed out after 10 s',
              },
            ],
          }),
          delivery(),
        ]}
      />,
    );
    const rows = within(screen.getByRole('list', { name: T.log })).getAllByRole('listitem');
    const retrying = rows[0] as HTMLElement;
    expect(retrying).toHaveTextContent(T.states.retrying);
    expect(retrying).toHaveTextContent('message.received');
    expect(retrying).toHaveTextContent('500');
    expect(retrying).toHaveTextContent('120 ms');
    expect(retrying).toHaveTextContent('Next try');
    const details = within(retrying).getByRole('button', { name: T.details });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(details);
    const tries = within(retrying).getAllByRole('listitem');
    expect(tries).toHaveLength(2);
    expect(tries[0]).toHaveTextContent('HTTP 500');
    // An error that only repeats the status is not said twice.
    expect(within(tries[0] as HTMLElement).getAllByText('HTTP 500')).toHaveLength(1);
    // The answer is shown as text, never as markup.
    expect(
      within(tries[0] as HTMLElement).getByText('<h1>oops</h1><script>alert(1)</script>').tagName,
    ).toBe('PRE');
    expect(document.querySelector('h1')).toBeNull();
    expect(tries[1]).toHaveTextContent('Timed out after 10 s');
    expect(tries[1]).toHaveTextContent(T.noAnswer);
    expect(retrying).toHaveTextContent('77777777-7777-4777-8777-777777777777');

    expect(rows.find((r) => r.dataset.state === 'succeeded')).toHaveTextContent(T.states.succeeded);
    await userEvent.click(within(retrying).getByRole('button', { name: T.replay }));
    expect(onReplay).toHaveBeenCalledWith('88888888-8888-4888-8888-888888888888');
  });

  it('loads more while there is more, and says when there is nothing yet', async () => {
    render(<Log deliveries={[delivery()]} />);
    await userEvent.click(screen.getByRole('button', { name: T.loadMore }));
    expect(screen.queryByRole('button', { name: T.loadMore })).toBeNull();
    render(<Log deliveries={[]} hasMore={false} />);
    expect(screen.getByText(T.logEmpty)).toBeInTheDocument();
  });

  it('shows a replay on its way', () => {
    render(<Log deliveries={[delivery()]} replaying={new Set([delivery().id])} />);
    expect(screen.getByRole('button', { name: T.replaying })).toBeDisabled();
  });
});
