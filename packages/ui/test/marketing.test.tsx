import { MARKETING_MESSAGES, type MarketingSetup } from '@pagecast/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast } from '../src';
import {
  MARKETING_TEXT as T,
  MarketingScreen,
  type MarketingScreenProps,
} from '../src/screens/marketing';

const setup = (over: Partial<MarketingSetup> = {}): MarketingSetup => ({
  pageId: '42',
  adAccount: null,
  connectedAt: null,
  subscribers: 57,
  stopped: 3,
  ...over,
});

function renderScreen(props: Partial<MarketingScreenProps> = {}) {
  const onConnect = vi.fn((_id: string) => Promise.resolve());
  const onDisconnect = vi.fn(() => Promise.resolve());
  const utils = render(
    <>
      <MarketingScreen
        setup={setup()}
        loading={false}
        error={null}
        onRetry={vi.fn()}
        onConnect={onConnect}
        onDisconnect={onDisconnect}
        {...props}
      />
      <Toaster />
    </>,
  );
  return { ...utils, onConnect, onDisconnect, user: userEvent.setup() };
}

afterEach(() => {
  void act(() => toast.dismiss());
});

describe('MarketingScreen', () => {
  it("shows Meta's billing note, the counts and how contacts subscribe; connects an ad account", async () => {
    const { user, onConnect } = renderScreen();
    expect(screen.getByRole('note')).toHaveTextContent(MARKETING_MESSAGES.billingNotice);
    expect(screen.getByTestId('subscriber-counts')).toHaveTextContent('57Subscribed3Stopped');
    expect(screen.getByText(T.howTitle)).toBeInTheDocument();
    await user.type(screen.getByLabelText(T.accountLabel), ' act_123 ');
    await user.click(screen.getByRole('button', { name: T.connect }));
    // Who Meta bills is confirmed first.
    const confirm = screen.getByRole('dialog', { name: T.connectTitle });
    expect(confirm).toHaveTextContent(T.connectDescription('act_123', T.thisPage));
    expect(onConnect).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: T.connectConfirm }));
    await waitFor(() => expect(onConnect).toHaveBeenCalledWith('act_123'));
    expect(await screen.findByText(T.connected)).toBeInTheDocument();
  });

  it('offers the ad accounts Meta lets the admin use: choosing one fills the id', async () => {
    const { user, onConnect } = renderScreen({
      adAccounts: [
        { id: 'act_11', name: 'Bakery Ads', currency: 'USD' },
        { id: 'act_22', name: 'Yoga Ads', currency: 'EUR' },
      ],
    });
    await user.selectOptions(screen.getByLabelText(T.yourAccounts), 'act_22');
    expect(screen.getByLabelText(T.accountLabel)).toHaveValue('act_22');
    await user.click(screen.getByRole('button', { name: T.connect }));
    await user.click(screen.getByRole('button', { name: T.connectConfirm }));
    await waitFor(() => expect(onConnect).toHaveBeenCalledWith('act_22'));
  });

  it("warns when the chosen account names another of the admin's pages, and 'Not now' connects nothing", async () => {
    const { user, onConnect } = renderScreen({
      pageName: 'Crumb & Co. Bakery',
      otherPageNames: ['Spoke & Chain Bike Shop'],
      adAccounts: [
        { id: 'act_11', name: 'Crumb & Co. Bakery Ads', currency: 'USD' },
        { id: 'act_22', name: 'Spoke & Chain Bike Shop Ads', currency: 'USD' },
      ],
    });
    await user.selectOptions(screen.getByLabelText(T.yourAccounts), 'act_22');
    await user.click(screen.getByRole('button', { name: T.connect }));
    const confirm = screen.getByRole('dialog', { name: T.connectTitle });
    expect(within(confirm).getByRole('alert')).toHaveTextContent(
      T.connectOtherPage('Spoke & Chain Bike Shop'),
    );
    await user.click(within(confirm).getByRole('button', { name: T.connectCancel }));
    expect(onConnect).not.toHaveBeenCalled();
    // The page's own account: no warning.
    await user.selectOptions(screen.getByLabelText(T.yourAccounts), 'act_11');
    await user.click(screen.getByRole('button', { name: T.connect }));
    expect(
      within(screen.getByRole('dialog', { name: T.connectTitle })).queryByRole('alert'),
    ).toBeNull();
  });

  it("puts Meta's refusal on the field", async () => {
    const onConnect = vi.fn(() =>
      Promise.reject(
        Object.assign(new Error('request failed'), {
          message: 'Validation failed',
          fieldErrors: { adAccountId: [MARKETING_MESSAGES.adAccountRefused] },
        }),
      ),
    );
    const { user } = renderScreen({ onConnect });
    await user.type(screen.getByLabelText(T.accountLabel), 'act_9');
    await user.click(screen.getByRole('button', { name: T.connect }));
    await user.click(screen.getByRole('button', { name: T.connectConfirm }));
    expect(await screen.findByText(MARKETING_MESSAGES.adAccountRefused)).toBeInTheDocument();
  });

  it('shows the connected account and disconnects after a confirmation', async () => {
    const { user, onDisconnect } = renderScreen({
      setup: setup({
        adAccount: { id: 'act_77', name: 'Bakery Ads', currency: 'USD' },
        connectedAt: '2026-11-20T10:00:00.000Z',
      }),
    });
    expect(screen.getByTestId('ad-account')).toHaveTextContent('Bakery Ads');
    expect(screen.getByTestId('ad-account')).toHaveTextContent('act_77 · Billed in USD');
    await user.click(screen.getByRole('button', { name: T.disconnect }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(T.disconnectTitle);
    expect(onDisconnect).not.toHaveBeenCalled();
    await user.click(screen.getAllByRole('button', { name: T.disconnect }).at(-1) as HTMLElement);
    await waitFor(() => expect(onDisconnect).toHaveBeenCalledTimes(1));
  });

  it('shows a loading state, and an error with a retry', async () => {
    const onRetry = vi.fn();
    const { user, rerender } = renderScreen({ setup: null, loading: true });
    expect(screen.queryByLabelText(T.accountLabel)).not.toBeInTheDocument();
    rerender(
      <MarketingScreen
        setup={null}
        loading={false}
        error="Network down"
        onRetry={onRetry}
        onConnect={vi.fn()}
        onDisconnect={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Network down');
    await user.click(screen.getByRole('button', { name: T.retry }));
    expect(onRetry).toHaveBeenCalled();
  });
});
