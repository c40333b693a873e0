import {
  SKIP_REASONS,
  type Campaign,
  type CampaignDetail,
  type CampaignRecipient,
} from '@pagecast/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_TEXT as T,
  CampaignAnalyticsScreen,
  CampaignDetailSheet,
  type CampaignAnalyticsScreenProps,
  type CampaignDetailSheetProps,
} from '../src/screens/campaign-analytics';
import { FUNNEL_STAGE_TEXT } from '../src/screens/campaign-analytics/texts';

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: '33333333-3333-4333-8333-333333333333',
  pageId: '100200300',
  name: 'Winter sale',
  description: 'For our best buyers',
  message: 'Our winter sale starts now',
  scheduledTime: '2026-11-21T10:15:00.000Z',
  type: 'ACCOUNT_UPDATE',
  tagId: null,
  tagName: null,
  audienceCount: 10,
  dispatchedCount: 7,
  deliveredCount: 5,
  interactedCount: 2,
  failedCount: 3,
  skippedCount: 0,
  templateName: null,
  reachableOnly: false,
  deliverOnReturnUntil: null,
  marketing: false,
  marketingReadyAt: null,
  status: 'completed',
  statusReason: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  startedAt: null,
  completedAt: null,
  ...over,
});

function setupList(props: Partial<CampaignAnalyticsScreenProps> = {}) {
  const handlers = { onRefresh: vi.fn(), onPageChange: vi.fn(), onOpenCampaign: vi.fn() };
  render(
    <CampaignAnalyticsScreen
      campaigns={[
        campaign({ id: '33333333-3333-4333-8333-333333333331', status: 'pending', name: 'A' }),
        campaign({ id: '33333333-3333-4333-8333-333333333332', status: 'processing', name: 'B' }),
        campaign({ id: '33333333-3333-4333-8333-333333333333', status: 'completed', name: 'C' }),
      ]}
      meta={{ totalItems: 17, itemCount: 3, itemsPerPage: 7, totalPages: 3, currentPage: 2 }}
      page={2}
      loading={false}
      error={null}
      {...handlers}
      {...props}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('CampaignAnalyticsScreen', () => {
  it('on a phone shows one card per campaign with its numbers and status, and a tap opens it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    try {
      const { user, onOpenCampaign } = setupList();
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(screen.getByRole('list', { name: 'Campaign Analytics' })).getAllByRole(
        'button',
      );
      expect(cards).toHaveLength(3);
      expect(cards[2]).toHaveTextContent('Dispatched');
      expect(cards[2]).toHaveTextContent('Interacted');
      expect(cards[2]).toHaveTextContent('Completed');
      await user.click(cards[1] as HTMLElement);
      expect(onOpenCampaign).toHaveBeenCalledWith(expect.objectContaining({ name: 'B' }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the spec columns, numbered rows, the category label and status colours', async () => {
    const { user, onRefresh, onPageChange, onOpenCampaign } = setupList();
    expect(screen.getByRole('heading', { name: 'Campaign Analytics' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '#',
      'Name',
      'Description',
      'Message',
      'Scheduled Time',
      'Category',
      'Dispatched',
      'Delivered',
      'Interacted',
      'Status',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const cells = within(first)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '8',
      'A',
      'For our best buyers',
      'Our winter sale starts now',
      '2026-11-21 10:15 UTC',
      'Account update',
      '7',
      '5',
      '2',
      'Pending',
    ]);
    expect(within(first).getByText('Pending')).toHaveAttribute('data-variant', 'outline');
    expect(within(second).getByText('Processing')).toHaveAttribute('data-variant', 'warning');
    expect(within(third).getByText(/^Completed/)).toHaveAttribute(
      'data-variant',
      expect.stringMatching(/success|warning/),
    );
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('button', { name: T.refresh }));
    expect(onRefresh).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: `${T.open} B` }));
    expect(onOpenCampaign).toHaveBeenCalledWith(expect.objectContaining({ name: 'B' }));
  });

  it('shows the error, the empty state and an empty list as Page 1 of 1', () => {
    const { unmount } = render(
      <CampaignAnalyticsScreen
        campaigns={[]}
        meta={null}
        page={1}
        loading={false}
        error="Boom"
        onRefresh={vi.fn()}
        onPageChange={vi.fn()}
        onOpenCampaign={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(`${T.loadError} Boom`);
    unmount();
    render(
      <CampaignAnalyticsScreen
        campaigns={[]}
        meta={null}
        page={1}
        loading={false}
        error={null}
        onRefresh={vi.fn()}
        onPageChange={vi.fn()}
        onOpenCampaign={vi.fn()}
      />,
    );
    expect(screen.getByText(T.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('puts the empty state and the error outside the sideways-scrolling table, with the next step', async () => {
    const onSchedule = vi.fn();
    const { unmount } = render(
      <CampaignAnalyticsScreen
        campaigns={[]}
        meta={null}
        page={1}
        loading={false}
        error={null}
        onRefresh={vi.fn()}
        onPageChange={vi.fn()}
        onOpenCampaign={vi.fn()}
        onSchedule={onSchedule}
      />,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.scheduleFirst }));
    expect(onSchedule).toHaveBeenCalled();
    unmount();
    render(
      <CampaignAnalyticsScreen
        campaigns={[]}
        meta={null}
        page={1}
        loading={false}
        error="Boom"
        onRefresh={vi.fn()}
        onPageChange={vi.fn()}
        onOpenCampaign={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').closest('table')).toBeNull();
  });
});

const recipient = (over: Partial<CampaignRecipient>): CampaignRecipient => ({
  psid: '5000000001',
  name: 'Ada Lovelace',
  state: 'sent',
  messagingType: 'UPDATE',
  tag: null,
  messageId: 'm_1',
  sentAt: '2026-11-21T10:15:02.000Z',
  deliveredAt: null,
  readAt: null,
  interactedAt: null,
  returnedAt: null,
  errorCode: null,
  errorMessage: null,
  skipReason: null,
  ...over,
});

function setupDetail(
  status: Campaign['status'],
  props: Partial<CampaignDetailSheetProps> = {},
  over: Partial<Campaign> = {},
) {
  const detail: CampaignDetail = {
    campaign: campaign({
      status,
      statusReason: status === 'failed' ? 'The page access token is no longer valid' : null,
      ...over,
    }),
    funnel: {
      audience: 10,
      dispatched: 6,
      delivered: 5,
      read: 3,
      interacted: 2,
      failed: 1,
      skipped: 2,
      pending: 0,
      unknown: 1,
      failedByReason: [{ reason: 'Message tag retired', code: 100, count: 1 }],
      skippedByReason: [{ reason: 'outside_window', count: 2 }],
      returned: 0,
      waiting: 0,
      reconciliation: { byEcho: 2, byConversation: 1, resent: 1, forReview: 1 },
    },
  };
  const handlers = {
    onOpenChange: vi.fn(),
    onOutcomeChange: vi.fn(),
    onRecipientsPageChange: vi.fn(),
    onCancel: vi.fn(() => Promise.resolve()),
    onExport: vi.fn(() => Promise.resolve()),
  };
  render(
    <CampaignDetailSheet
      open
      detail={detail}
      loading={false}
      error={null}
      recipients={{
        data: [
          recipient({}),
          recipient({
            psid: '5000000002',
            name: 'Alan Turing',
            state: 'failed',
            messagingType: 'MESSAGE_TAG',
            tag: 'ACCOUNT_UPDATE',
            errorCode: 100,
            errorMessage: 'The message tag ACCOUNT_UPDATE is no longer supported.',
          }),
          recipient({
            psid: '5000000003',
            name: 'Grace Hopper',
            state: 'skipped',
            messagingType: null,
            messageId: null,
            sentAt: null,
            skipReason: 'outside_window',
          }),
        ],
        meta: { totalItems: 25, itemCount: 2, itemsPerPage: 20, totalPages: 2, currentPage: 1 },
      }}
      recipientsLoading={false}
      outcome=""
      recipientsPage={1}
      {...handlers}
      {...props}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('CampaignDetailSheet', () => {
  it('shows what the campaign sends: its image, the text and its link buttons', () => {
    setupDetail(
      'completed',
      {},
      {
        imageUrl: 'https://cdn.example.com/spring/sale.png',
        buttons: [{ title: 'Shop now', url: 'https://shop.example.com/spring' }],
      },
    );
    const image = screen.getByRole('img', { name: T.image });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/spring/sale.png');
    const buttons = screen.getByRole('list', { name: T.buttons });
    expect(within(buttons).getByText('Shop now')).toBeInTheDocument();
    expect(within(buttons).getByText('https://shop.example.com/spring')).toBeInTheDocument();
    // An address that no longer loads says so, with the address.
    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: T.image })).toBeNull();
    expect(screen.getByText(T.imageBroken, { exact: false })).toHaveTextContent(
      'https://cdn.example.com/spring/sale.png',
    );
  });

  it('a text-only campaign shows no image and no buttons', () => {
    setupDetail('completed');
    expect(screen.queryByRole('img', { name: T.image })).toBeNull();
    expect(screen.queryByRole('list', { name: T.buttons })).toBeNull();
  });

  it('shows the funnel with failures by reason and the recipients with their outcome', async () => {
    const { user, onOutcomeChange, onRecipientsPageChange, onExport } = setupDetail('completed');
    const funnel = screen.getByTestId('funnel');
    expect(within(funnel).getByRole('meter', { name: 'Sent' })).toHaveAttribute(
      'aria-valuenow',
      '6',
    );
    // Read and Interacted are there, each defined in a line of its own.
    expect(within(funnel).getByRole('meter', { name: 'Read' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    expect(within(funnel).getByText(FUNNEL_STAGE_TEXT.read[1])).toBeInTheDocument();
    expect(within(funnel).getByText(FUNNEL_STAGE_TEXT.interacted[1])).toBeInTheDocument();
    expect(within(funnel).getByRole('meter', { name: 'Unknown (review)' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    expect(
      within(funnel).getByRole('meter', { name: 'Message tag retired (100)' }),
    ).toHaveAttribute('aria-valuenow', '1');
    // Skipped recipients: counted, and their reason reads as what happens next.
    expect(
      within(funnel).getByRole('meter', { name: 'Skipped (no allowed path)' }),
    ).toHaveAttribute('aria-valuenow', '2');
    expect(
      within(funnel).getByRole('meter', { name: SKIP_REASONS.outside_window }),
    ).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByText(T.unknownHelp)).toBeInTheDocument();
    // Lost answers and how each was settled.
    expect(screen.getByText(T.reconciliationTitle)).toBeInTheDocument();
    expect(
      screen.getByText(
        '2 settled by echo · 1 settled by reading the conversation · 1 sent again · 1 left for review',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: T.recipientsTitle });
    expect(within(table).getByText('Sent')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('Message tag · Account update')).toBeInTheDocument();
    expect(within(table).getByText(/\(100\) The message tag ACCOUNT_UPDATE/)).toBeInTheDocument();
    expect(within(table).getByText('Skipped')).toBeInTheDocument();
    expect(within(table).getByText(SKIP_REASONS.outside_window)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filter by outcome'), 'failed');
    expect(onOutcomeChange).toHaveBeenCalledWith('failed');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onRecipientsPageChange).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: T.exportCsv }));
    expect(onExport).toHaveBeenCalled();
    // Completed campaigns cannot be cancelled.
    expect(screen.queryByRole('button', { name: T.cancel })).not.toBeInTheDocument();
  });

  it('a role without messaging sees the funnel but not who the recipients are, and cannot export them', () => {
    setupDetail('completed', { canSeeRecipients: false, onTagRecipients: vi.fn() });
    expect(screen.getByText(T.recipientsNeedMessaging)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: T.recipientsTitle })).not.toBeInTheDocument();
    expect(screen.queryByText('Alan Turing')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.exportCsv })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Filter by outcome')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: T.funnelTitle })).toBeInTheDocument();
  });

  it("tags the filter's recipients with a new tag, checked as Manage Tags checks names", async () => {
    const onTagRecipients = vi.fn().mockResolvedValue(undefined);
    const { user } = setupDetail('completed', {
      outcome: 'interacted',
      tags: [{ id: 't1', name: 'VIP' }],
      onTagRecipients,
    });
    await user.click(screen.getByRole('button', { name: T.followUp }));
    const dialog = screen.getByRole('dialog', { name: T.followUp });
    expect(dialog).toHaveTextContent(T.followUpHelp);
    expect(dialog).toHaveTextContent('Replied or tapped (Interacted)');
    const name = within(dialog).getByLabelText(T.newTagName);
    expect(name).toHaveValue('Replied');
    await user.clear(name);
    await user.type(name, 'ab');
    await user.click(within(dialog).getByRole('button', { name: T.followUpConfirm }));
    expect(onTagRecipients).not.toHaveBeenCalled();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.type(name, 'c');
    await user.click(within(dialog).getByRole('button', { name: T.followUpConfirm }));
    expect(onTagRecipients).toHaveBeenCalledWith({
      tagId: null,
      newTagName: 'abc',
      followUp: true,
    });

    // An existing tag, and a refusal said in the dialog.
    onTagRecipients.mockRejectedValueOnce({ message: 'Tag not found' });
    await user.click(screen.getByRole('button', { name: T.tagThese }));
    const again = screen.getByRole('dialog', { name: T.tagThese });
    expect(within(again).getByLabelText(T.tagField)).toHaveValue('t1');
    await user.click(within(again).getByRole('button', { name: T.tagConfirm }));
    expect(onTagRecipients).toHaveBeenLastCalledWith({
      tagId: 't1',
      newTagName: '',
      followUp: false,
    });
    expect(within(again).getByRole('alert')).toHaveTextContent('Tag not found');
  });

  it("a marketing campaign says what Meta billed, from Meta's insights", () => {
    const base = {
      campaign: campaign({ status: 'completed', marketing: true }),
      funnel: {
        audience: 2,
        dispatched: 2,
        delivered: 2,
        read: 0,
        interacted: 0,
        failed: 0,
        skipped: 0,
        pending: 0,
        unknown: 0,
        returned: 0,
        waiting: 0,
        failedByReason: [],
        skippedByReason: [],
        reconciliation: { byEcho: 0, byConversation: 0, resent: 0, forReview: 0 },
      },
    };
    setupDetail('completed', {
      detail: base,
      spend: {
        marketing: true,
        spend: 0.04,
        currency: 'USD',
        delivered: 2,
        costPerDelivered: 0.02,
      },
    });
    expect(screen.getByTestId('campaign-spend')).toHaveTextContent(
      T.spendSoFar('$0.04', 2, '$0.02'),
    );
  });

  it('cancels a processing campaign only after confirmation', async () => {
    const { user, onCancel } = setupDetail('processing');
    expect(screen.getByText(T.live)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.cancel }));
    const dialog = screen.getByRole('dialog', { name: T.cancelTitle });
    await user.click(within(dialog).getByRole('button', { name: T.keep }));
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: T.cancel }));
    await user.click(
      within(screen.getByRole('dialog', { name: T.cancelTitle })).getByRole('button', {
        name: T.cancelConfirm,
      }),
    );
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows why a campaign failed', () => {
    setupDetail('failed');
    expect(screen.getByText('The page access token is no longer valid')).toBeInTheDocument();
  });
});

describe('page access standing of a pending campaign', () => {
  const HELD =
    'On hold: the admin who scheduled this campaign no longer manages this page’s messages.';
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

  it('the list flags a held campaign with its reason, and one whose admin was not checked within the interval', () => {
    setupList({
      accessRecheckMinutes: 60,
      campaigns: [
        campaign({
          id: '33333333-3333-4333-8333-333333333341',
          name: 'Held',
          status: 'pending',
          hold: { reason: HELD, since: hoursAgo(0.1) },
          accessVerifiedAt: hoursAgo(0.1),
        }),
        campaign({
          id: '33333333-3333-4333-8333-333333333342',
          name: 'Unchecked',
          status: 'pending',
          hold: null,
          accessVerifiedAt: hoursAgo(3),
        }),
        campaign({
          id: '33333333-3333-4333-8333-333333333343',
          name: 'Checked',
          status: 'pending',
          hold: null,
          accessVerifiedAt: hoursAgo(0.5),
        }),
        campaign({
          id: '33333333-3333-4333-8333-333333333344',
          name: 'Sent long ago',
          status: 'completed',
          hold: null,
          accessVerifiedAt: hoursAgo(30),
        }),
      ],
    });
    const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    const held = within(rowOf('Held')).getByText(T.onHold);
    expect(held).toHaveAttribute('title', HELD);
    expect(held).toHaveAttribute('data-variant', 'warning');
    expect(within(rowOf('Unchecked')).getByText(T.accessUnverified)).toHaveAttribute(
      'title',
      T.accessUnverifiedNotice(60),
    );
    for (const name of ['Checked', 'Sent long ago']) {
      expect(within(rowOf(name)).queryByText(T.onHold)).toBeNull();
      expect(within(rowOf(name)).queryByText(T.accessUnverified)).toBeNull();
    }
  });

  it('the detail shows the hold’s reason, or that access was not checked recently', () => {
    setupDetail('pending', {}, { hold: { reason: HELD, since: hoursAgo(0.1) } });
    expect(screen.getByTestId('campaign-access-notice')).toHaveTextContent(HELD);
    cleanup();
    setupDetail('pending', {}, { hold: null, accessVerifiedAt: hoursAgo(2) });
    expect(screen.getByTestId('campaign-access-notice')).toHaveTextContent(
      'Facebook has not confirmed in the last hour',
    );
    cleanup();
    setupDetail('pending', {}, { hold: null, accessVerifiedAt: hoursAgo(0.2) });
    expect(screen.queryByTestId('campaign-access-notice')).toBeNull();
  });
});
