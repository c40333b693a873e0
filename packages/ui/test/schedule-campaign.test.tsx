import {
  AUDIENCE_MESSAGES,
  CAMPAIGN_MESSAGES as M,
  type AudiencePreview,
  type MessageTemplate,
} from '@pagecast/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from '../src';
import { SYNC_TEXT } from '../src/screens/sync';
import {
  SCHEDULE_TEXT as T,
  ScheduleCampaignScreen,
  type ScheduleCampaignScreenProps,
} from '../src/screens/schedule-campaign';

const NOW = new Date('2026-11-21T10:15:30Z');
const TAGS = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Buyers' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Leads' },
];

function setup(props: Partial<ScheduleCampaignScreenProps> = {}) {
  const onSubmit = vi.fn((_v: unknown) => Promise.resolve());
  const onAudienceChange = vi.fn();
  const utils = render(
    <>
      <ScheduleCampaignScreen
        tags={TAGS}
        tagsLoading={false}
        tagsError={null}
        syncing={false}
        audience={null}
        onSubmit={onSubmit}
        onAudienceChange={onAudienceChange}
        now={() => NOW}
        {...props}
      />
      <Toaster />
    </>,
  );
  return { ...utils, onSubmit, onAudienceChange, user: userEvent.setup() };
}

/** 'Schedule Campaign', then Confirm in the review when the form's rules let it open (spec §10.11). */
async function schedule(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Schedule Campaign' }));
  const review = screen.queryByRole('dialog', { name: 'Review your campaign' });
  if (review)
    await user.click(within(review).getByRole('button', { name: /^Confirm and (send|schedule)$/ }));
}

afterEach(() => {
  void act(() => toast.dismiss());
  vi.useRealTimers();
});

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Campaign Name'), 'Winter sale');
  await user.type(screen.getByLabelText('Campaign Description'), 'For our best buyers');
  await user.type(screen.getByLabelText('Message'), 'Our winter sale starts now');
  await user.selectOptions(screen.getByLabelText('Purpose'), 'POST_PURCHASE_UPDATE');
}

describe('ScheduleCampaignScreen', () => {
  it('shows the spec fields, counters, purpose labels and the policy notice', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Schedule Campaign' })).toBeInTheDocument();
    for (const label of [
      'Campaign Name',
      'Campaign Description',
      'Audience',
      'Date and Time (UTC)',
      'Message',
      'Purpose',
    ]) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    const counters = screen.getAllByTestId('textarea-counter').map((c) => c.textContent);
    expect(counters).toEqual(['0/200', '0/500']);
    const tags = within(screen.getByLabelText('Audience'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(tags).toEqual(['All users', 'Buyers', 'Leads', T.audienceSeveral]);
    const types = within(screen.getByLabelText('Purpose'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(screen.getByLabelText('Purpose')).toHaveValue('PROMOTION');
    expect(types).toEqual([
      'Promotion',
      'Confirmed event update',
      'Post purchase update',
      'Account update',
    ]);
    expect(screen.getByRole('link', { name: /utility messages policy/i })).toHaveAttribute(
      'href',
      'https://developers.facebook.com/docs/messenger-platform/send-messages/utility-messages',
    );
    expect(screen.getByRole('button', { name: 'Date and Time (UTC)' })).toHaveTextContent(
      '2026-11-21 10:15 UTC',
    );
    expect(screen.getByRole('button', { name: 'Schedule Campaign' })).toBeEnabled();
    expect(screen.queryByText(SYNC_TEXT.banner)).not.toBeInTheDocument();
  });

  it("shows 'Loading tags...' and 'Error loading tags' as disabled options, with the error text", () => {
    const { rerender } = setup({ tagsLoading: true, tags: [] });
    expect(screen.getByRole('option', { name: T.loadingTags })).toBeDisabled();
    rerender(
      <ScheduleCampaignScreen
        tags={[]}
        tagsLoading={false}
        tagsError="Network down"
        syncing={false}
        audience={null}
        onSubmit={vi.fn()}
        now={() => NOW}
      />,
    );
    expect(screen.getByRole('option', { name: T.errorLoadingTags })).toBeDisabled();
    expect(screen.getByText('Network down')).toBeInTheDocument();
    expect(screen.getByLabelText('Audience')).toBeDisabled();
  });

  it('shows the sync banner and disables scheduling while the page syncs', () => {
    setup({ syncing: true });
    expect(screen.getByText(SYNC_TEXT.banner)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule Campaign' })).toBeDisabled();
  });

  it('validates with the spec §5 messages and sends nothing', async () => {
    const { user, onSubmit } = setup();
    await schedule(user);
    for (const m of [M.nameRequired, M.descriptionRequired, M.messageRequired]) {
      expect(screen.getByText(m)).toBeInTheDocument();
    }
    await user.type(screen.getByLabelText('Campaign Name'), 'ab');
    await schedule(user);
    expect(screen.getByText(M.nameTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Campaign Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("creates: the values go out, toast 'Campaign created successfully!', the form resets with the date set to now", async () => {
    const { user, onSubmit } = setup();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Audience'), 'Leads');
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      campaignName: 'Winter sale',
      campaignDescription: 'For our best buyers',
      selectedTag: '',
      audience: {
        match: 'any',
        tagIds: [TAGS[1]?.id],
        excludeTagIds: [],
        wroteWithinDays: null,
        subscribersOnly: false,
      },
      dateTime: NOW,
      message: 'Our winter sale starts now',
      contentType: 'POST_PURCHASE_UPDATE',
      templateId: '',
      templateParams: {},
      reachableOnly: true,
      deliverOnReturnDays: 0,
      returnDelayMinutes: 30,
      marketing: false,
      buttons: [],
      imageUrl: '',
      sendNow: true,
    });
    expect(await screen.findByText(T.created)).toBeInTheDocument();
    expect(screen.getByLabelText('Campaign Name')).toHaveValue('');
    expect(screen.getByLabelText('Audience')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Date and Time (UTC)' })).toHaveTextContent(
      '2026-11-21 10:15 UTC',
    );
  });

  it("on failure toasts the server message and puts the server's field errors on their fields", async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        failure({
          message: 'Validation failed',
          fieldErrors: { time: [M.dateTimeInPast], tagId: ['Unknown tag'], pageId: ['x'] },
        }),
      ),
    );
    const { user } = setup({ onSubmit });
    await fillValid(user);
    await schedule(user);
    expect(await screen.findByText('Validation failed')).toBeInTheDocument();
    expect(screen.getByText(M.dateTimeInPast)).toBeInTheDocument();
    expect(screen.getByText('Unknown tag')).toBeInTheDocument();
    // The form keeps what was typed.
    expect(screen.getByLabelText('Campaign Name')).toHaveValue('Winter sale');
  });

  it('audience: tags combined (all of), one left out, wrote in the last N days, subscribers; each valid change is counted', async () => {
    const { user, onSubmit, onAudienceChange } = setup({
      tags: [...TAGS, { id: '33333333-3333-4333-8333-333333333333', name: 'Spam' }],
    });
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Audience'), T.audienceSeveral);
    const include = screen.getByRole('group', { name: T.audienceInclude });
    await user.click(within(include).getByLabelText('Buyers'));
    await user.click(within(include).getByLabelText('Leads'));
    await user.click(within(include).getByRole('radio', { name: T.audienceAll }));
    await user.click(screen.getByText(T.audienceNarrow, { selector: 'summary' }));
    const exclude = screen.getByRole('group', { name: T.audienceExclude });
    // A tag already included cannot be excluded too.
    expect(within(exclude).getByLabelText('Buyers')).toBeDisabled();
    await user.click(within(exclude).getByLabelText('Spam'));
    const days = screen.getByRole('spinbutton', { name: T.audienceDays });
    await user.clear(days);
    await user.type(days, '0');
    expect(screen.getByText(AUDIENCE_MESSAGES.daysInvalid)).toBeInTheDocument();
    await user.clear(days);
    await user.type(days, '14');
    expect(screen.getByRole('checkbox', { name: T.audienceWroteWithin })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: T.audienceSubscribers }));
    const audience = {
      match: 'all',
      tagIds: [TAGS[0]?.id, TAGS[1]?.id],
      excludeTagIds: ['33333333-3333-4333-8333-333333333333'],
      wroteWithinDays: 14,
      subscribersOnly: true,
    };
    expect(onAudienceChange).toHaveBeenLastCalledWith(audience);
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ audience });
  }, 20_000);

  it("falls back to 'Failed to create campaign.' without a server message", async () => {
    const { user } = setup({ onSubmit: () => Promise.reject(new TypeError('')) });
    await fillValid(user);
    await schedule(user);
    expect(await screen.findByText(T.createFailed)).toBeInTheDocument();
  });

  it('shows who gets the campaign path by path: by default the others are left out, and why', async () => {
    const audience: AudiencePreview = {
      total: 120,
      insideWindow: 20,
      outsideWindow: 100,
      subscribersOutside: 0,
    };
    const { user, onSubmit } = setup({ audience });
    const note = screen.getByTestId('audience-preview');
    expect(note).toHaveTextContent(
      '20 of 120 contacts can be reached now, inside the 24-hour window; 100 outside it are left out.',
    );
    expect(note).toHaveTextContent(`${T.pathStandard}20`);
    expect(note).toHaveTextContent(`${T.pathLeftOut}100`);
    expect(note).toHaveTextContent(T.skipNote);
    const only = screen.getByRole('checkbox', { name: T.reachableOnlyLabel });
    expect(only).toBeChecked();

    // Off: they are in the audience, skipped with the reason.
    await user.click(only);
    expect(note).toHaveTextContent(
      '120 recipients: 20 inside the 24-hour window get it, 100 outside it will be skipped.',
    );
    expect(note).toHaveTextContent(`${T.pathSkipped}100`);

    // Deliver on return keeps them waiting, which needs them in the audience; checking the box turns it off.
    await user.click(only);
    await user.selectOptions(screen.getByLabelText(T.returnLabel), '7');
    expect(only).not.toBeChecked();
    expect(note).toHaveTextContent(
      '120 recipients: 20 inside the 24-hour window get it now; 100 outside it get it if they write to the page within 7 days.',
    );
    expect(note).toHaveTextContent(`${T.pathWaiting(7)}100`);
    await fillValid(user);
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      reachableOnly: false,
      deliverOnReturnDays: 7,
    });
  });

  it('puts a server error on deliver on return on its field', async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        failure({
          message: 'Validation failed',
          fieldErrors: { deliverOnReturnDays: [M.returnNeedsEveryone] },
        }),
      ),
    );
    const { user } = setup({
      onSubmit,
      audience: { total: 3, insideWindow: 1, outsideWindow: 2, subscribersOutside: 0 },
    });
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText(T.returnLabel), '3');
    await schedule(user);
    expect(await screen.findByText(M.returnNeedsEveryone)).toBeInTheDocument();
    expect(screen.getByLabelText(T.returnLabel)).toHaveAttribute('aria-invalid', 'true');
  });

  it('deliver on return waits for a person: 30 minutes by default, another wait can be chosen', async () => {
    const onSubmit = vi.fn((_v: unknown) => Promise.resolve());
    const { user } = setup({
      onSubmit,
      audience: { total: 3, insideWindow: 1, outsideWindow: 2, subscribersOutside: 0 },
    });
    expect(screen.queryByLabelText(T.returnDelayLabel)).not.toBeInTheDocument();
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText(T.returnLabel), '3');
    const wait = screen.getByLabelText(T.returnDelayLabel);
    expect(wait).toHaveValue('30');
    expect(within(wait).getByRole('option', { selected: true })).toHaveTextContent(
      'After someone answers them, or 30 minutes without an answer',
    );
    expect(wait).toHaveAccessibleDescription(T.returnDelayHint);
    await user.selectOptions(wait, '60');
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      deliverOnReturnDays: 3,
      returnDelayMinutes: 60,
    });
  }, 20_000);

  it('a path the admin lacks a permission for says which and how to grant it, beside its choice', () => {
    const templates =
      'Templates need the utility messaging permission (pages_utility_messaging): reconnect Facebook and allow “Manage and access Page utility messaging”.';
    const marketing =
      'Marketing messages need the ads_management permission: connect marketing and allow it.';
    setup({
      audience: { total: 120, insideWindow: 20, outsideWindow: 100, subscribersOutside: 30 },
      permissionNotes: { templates, marketing },
    });
    // The template path is an update's (spec §10.8): its note shows once one is the purpose.
    expect(screen.getAllByRole('note').map((n) => n.textContent)).not.toContain(templates);
    fireEvent.change(screen.getByLabelText('Purpose'), { target: { value: 'ACCOUNT_UPDATE' } });
    const notes = screen.getAllByRole('note').map((n) => n.textContent);
    expect(notes).toContain(templates);
    expect(notes).toContain(marketing);
  });

  it('no note for a path the audience does not need', () => {
    setup({
      audience: { total: 5, insideWindow: 5, outsideWindow: 0, subscribersOutside: 0 },
      permissionNotes: { templates: 'Templates need…', marketing: 'Marketing needs…' },
    });
    expect(screen.queryByText('Templates need…')).toBeNull();
    expect(screen.queryByText('Marketing needs…')).toBeNull();
  });

  it('offers the paid marketing message when the page is set up and subscribers are outside the window', async () => {
    const audience: AudiencePreview = {
      total: 120,
      insideWindow: 20,
      outsideWindow: 100,
      subscribersOutside: 30,
    };
    const { user, onSubmit, rerender } = setup({ audience });
    // Not set up: not offered.
    expect(screen.queryByRole('checkbox', { name: T.marketingLabel })).not.toBeInTheDocument();
    rerender(
      <ScheduleCampaignScreen
        tags={TAGS}
        tagsLoading={false}
        tagsError={null}
        syncing={false}
        audience={audience}
        onSubmit={onSubmit}
        marketingAvailable
        now={() => NOW}
      />,
    );
    const box = screen.getByRole('checkbox', { name: T.marketingLabel });
    expect(screen.getByText(T.marketingHint(30))).toBeInTheDocument();
    await user.click(box);
    const note = screen.getByTestId('audience-preview');
    expect(note).toHaveTextContent(`${T.pathMarketing}30`);
    expect(note).toHaveTextContent(`${T.pathLeftOut}70`);
    await fillValid(user);
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ marketing: true });
  });

  it('the time follows the clock until one is picked, so an open form never goes stale; Send now goes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let clock = new Date('2026-11-21T10:15:30Z');
    const onSubmit = vi.fn((_v: unknown) => Promise.resolve());
    const { user } = setup({ now: () => clock, onSubmit });
    const field = screen.getByRole('button', { name: 'Date and Time (UTC)' });
    const sendNow = screen.getByRole('button', { name: T.sendNow });
    expect(sendNow).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('local-time')).toHaveTextContent(T.followingNow);
    // Ten minutes later the field has moved with the clock (no hidden seconds).
    clock = new Date('2026-11-21T10:25:40Z');
    act(() => {
      vi.advanceTimersByTime(15_100);
    });
    expect(field).toHaveTextContent('2026-11-21 10:25 UTC');
    await fillValid(user);
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // Sent at the moment it was scheduled, never "in the past": the server's clock decides (sendNow).
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ dateTime: clock, sendNow: true });
  });

  it('a picked time stops following, shows the local time beside UTC, and Send now goes back', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Date and Time (UTC)' }));
    const dialog = screen.getByRole('dialog', { name: 'Date and Time (UTC)' });
    await user.click(within(dialog).getByRole('button', { name: '2026-11-24' }));
    expect(screen.getByRole('button', { name: T.sendNow })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByTestId('local-time')).toHaveTextContent(/^Your time: Nov 24, 2026/);
    await user.click(screen.getByRole('button', { name: T.sendNow }));
    expect(screen.getByRole('button', { name: 'Date and Time (UTC)' })).toHaveTextContent(
      '2026-11-21 10:15 UTC',
    );
    expect(screen.getByTestId('local-time')).toHaveTextContent(T.followingNow);
  });
});

describe('utility template for contacts outside the window', () => {
  const template = (over: Partial<MessageTemplate> = {}): MessageTemplate => ({
    id: '7b0e8a52-3c2f-4a51-9a7e-1f6f3f0a9c11',
    pageId: '42',
    name: 'order_update',
    language: 'en_US',
    body: 'Hi {{first_name}}, order {{order_ref}} shipped.',
    parameterFormat: 'NAMED',
    params: ['first_name', 'order_ref'],
    buttons: [],
    status: 'approved',
    rejectedReason: null,
    scheduledCampaigns: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  });
  const audience: AudiencePreview = {
    total: 120,
    insideWindow: 20,
    outsideWindow: 100,
    subscribersOutside: 0,
  };

  it('offers only approved templates, maps each parameter and previews what contacts read', async () => {
    const onSubmit = vi.fn((_values: unknown) => Promise.resolve());
    const { user } = setup({
      audience,
      onSubmit,
      templates: [
        template(),
        template({ id: 'a1e5f4b8-0c7d-4e2a-8b1f-9d3c2b1a0f99', name: 'sale', status: 'rejected' }),
      ],
    });
    // A promotion (the default) has no template path; an update has.
    expect(screen.queryByLabelText(T.templateLabel)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Purpose'), 'POST_PURCHASE_UPDATE');
    const picker = screen.getByLabelText(T.templateLabel);
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([T.templateSkip, 'order_update (English (US))']);
    await user.selectOptions(picker, template().id);
    expect(screen.getByLabelText(T.paramSource('first_name'))).toHaveValue('first_name');
    expect(screen.getByLabelText(T.paramSource('order_ref'))).toHaveValue('text');
    expect(screen.getByTestId('audience-preview')).toHaveTextContent(
      'outside it get the utility template “order_update”',
    );
    await fillValid(user);
    await schedule(user);
    // The fixed text is still empty: the rule's message, nothing sent.
    expect(await screen.findByText('Fixed text is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(T.paramText('order_ref')), 'A-12');
    expect(screen.getByTestId('template-preview')).toHaveTextContent(
      'Hi Alex, order A-12 shipped.',
    );
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      templateId: template().id,
      templateParams: {
        first_name: { source: 'first_name' },
        order_ref: { source: 'text', text: 'A-12' },
      },
    });
  });

  it('maps a POSITIONAL template by position: {{1}}, {{2}}', async () => {
    const onSubmit = vi.fn((_values: unknown) => Promise.resolve());
    const positional = template({
      id: 'c3d4e5f6-0a1b-4c2d-8e3f-1a2b3c4d5e6f',
      name: 'delivery',
      body: 'Hi {{1}}, order {{2}} shipped today.',
      parameterFormat: 'POSITIONAL',
      params: ['1', '2'],
    });
    const { user } = setup({ audience, onSubmit, templates: [positional] });
    await user.selectOptions(screen.getByLabelText('Purpose'), 'ACCOUNT_UPDATE');
    await user.selectOptions(screen.getByLabelText(T.templateLabel), positional.id);
    expect(screen.getByLabelText(T.paramSource('1'))).toHaveValue('text');
    await user.selectOptions(screen.getByLabelText(T.paramSource('1')), 'first_name');
    await user.type(screen.getByLabelText(T.paramText('2')), 'A-12');
    expect(screen.getByTestId('template-preview')).toHaveTextContent(
      'Hi Alex, order A-12 shipped today.',
    );
    await fillValid(user);
    await schedule(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      templateId: positional.id,
      templateParams: { '1': { source: 'first_name' }, '2': { source: 'text', text: 'A-12' } },
    });
  });

  it('without outside-window contacts there is nothing to choose', () => {
    setup({
      audience: { total: 5, insideWindow: 5, outsideWindow: 0, subscribersOutside: 0 },
      templates: [template()],
    });
    expect(screen.queryByLabelText(T.templateLabel)).not.toBeInTheDocument();
  });
});

describe('DateTimePicker', () => {
  it('opens a UTC calendar whose earliest day is today and picks a day', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Date and Time (UTC)' }));
    const dialog = screen.getByRole('dialog', { name: 'Date and Time (UTC)' });
    expect(within(dialog).getByText('November 2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '2026-11-20' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '2026-11-24' }));
    expect(screen.getByRole('button', { name: 'Date and Time (UTC)' })).toHaveTextContent(
      '2026-11-24 10:15 UTC',
    );
  });

  it('works from the keyboard alone: the focus lands on the day, arrows and pages move, Enter picks, spinbuttons set the time', async () => {
    const { user } = setup();
    const field = screen.getByRole('button', { name: 'Date and Time (UTC)' });
    field.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Date and Time (UTC)' });
    const grid = within(dialog).getByRole('grid', { name: 'November 2026' });
    // The chosen day (today) holds the focus and the grid's only Tab stop.
    expect(within(grid).getByRole('button', { name: '2026-11-21' })).toHaveFocus();
    expect(
      within(grid)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
    // Not before today.
    await user.keyboard('{ArrowLeft}');
    expect(within(grid).getByRole('button', { name: '2026-11-21' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(within(grid).getByRole('button', { name: '2026-11-29' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(grid).getByRole('button', { name: '2026-11-23' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(grid).getByRole('button', { name: '2026-11-29' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(within(dialog).getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '2026-12-29' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(field).toHaveTextContent('2026-12-22 10:15 UTC');
    expect(
      within(dialog).getByRole('button', { name: '2026-12-22' }).closest('td'),
    ).toHaveAttribute('aria-selected', 'true');
    // Tab goes on to the time: spinbuttons (the +/- buttons are for pointers).
    await user.tab();
    const hours = within(dialog).getByRole('spinbutton', { name: 'Hours' });
    expect(hours).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{PageUp}');
    expect(hours).toHaveAttribute('aria-valuenow', '22');
    await user.keyboard('{End}');
    expect(hours).toHaveAttribute('aria-valuenow', '23');
    await user.tab();
    const minutes = within(dialog).getByRole('spinbutton', { name: 'Minutes' });
    expect(minutes).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}{ArrowUp}');
    expect(minutes).toHaveAttribute('aria-valuenow', '1');
    expect(field).toHaveTextContent('2026-12-22 23:01 UTC');
    // Esc closes and the focus is back on the field.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Date and Time (UTC)' })).not.toBeInTheDocument();
    expect(field).toHaveFocus();
  });

  it('repeats a held counter button every 70 ms after 500 ms, and stops on release', () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Date and Time (UTC)' }));
    const plus = screen.getByRole('button', { name: 'Increase hours' });
    const hours = () => screen.getByRole('spinbutton', { name: 'Hours' }).textContent;
    fireEvent.pointerDown(plus, { button: 0 });
    expect(hours()).toBe('11');
    void act(() => vi.advanceTimersByTime(499));
    expect(hours()).toBe('11');
    void act(() => vi.advanceTimersByTime(1 + 70 * 3));
    expect(hours()).toBe('14');
    fireEvent.pointerUp(plus);
    void act(() => vi.advanceTimersByTime(1000));
    expect(hours()).toBe('14');
    // Bounded 0-59.
    const minus = screen.getByRole('button', { name: 'Decrease seconds' });
    fireEvent.pointerDown(minus, { button: 0 });
    void act(() => vi.advanceTimersByTime(500 + 70 * 40));
    expect(screen.getByRole('spinbutton', { name: 'Seconds' }).textContent).toBe('00');
    expect(minus).toBeDisabled();
  });
});

/** A rejected call as the web app's API layer rejects: an Error carrying the answer's body. */
function failure<T extends object>(shape: T): Error & T {
  return Object.assign(new Error('request failed'), shape);
}
