import type { Session, Subscription } from '@pagecast/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_TEXT as T,
  AccountScreen,
  browserName,
  type AccountScreenProps,
} from '../src/screens/account';

const session = (over: Partial<Session>): Session => ({
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  ip: '203.0.113.7',
  current: false,
  ...over,
});
const free: Subscription = { plan: 'free', status: 'none', periodEnd: null, availableCredits: 0 };

function setup(over: Partial<AccountScreenProps> = {}) {
  const props: AccountScreenProps = {
    subscription: free,
    onManagePlan: vi.fn(),
    sessions: [
      session({ current: true }),
      session({
        id: '22222222-2222-4222-8222-222222222222',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
      }),
    ],
    onEndSession: vi.fn(),
    pages: [
      { pageId: '1', name: 'Crumb & Co. Bakery', profilePicture: null, canMessage: true },
      { pageId: '2', name: 'Harbor Lane Books', profilePicture: null, canMessage: false },
    ],
    onDeleteData: vi.fn(),
    ...over,
  };
  render(<AccountScreen {...props} />);
  return props;
}

describe('AccountScreen', () => {
  it('says what no plan and 0 credits mean, and where to change the plan', async () => {
    const props = setup();
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(T.planFree)).toBeInTheDocument();
    expect(screen.getByText('Available credits: 0')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.manage }));
    expect(props.onManagePlan).toHaveBeenCalled();
  });

  it('lists the sessions with this browser marked, and signs another one out', async () => {
    const props = setup();
    const list = screen.getByRole('list', { name: T.sessionsTitle });
    const [current, other] = within(list).getAllByRole('listitem');
    expect(current).toHaveTextContent('Chrome on Linux');
    expect(current).toHaveTextContent('This browser');
    expect(within(current as HTMLElement).queryByRole('button')).toBeNull();
    expect(other).toHaveTextContent('Safari on iOS');
    await userEvent.click(within(other as HTMLElement).getByRole('button', { name: /Sign out/ }));
    expect(props.onEndSession).toHaveBeenCalledWith('22222222-2222-4222-8222-222222222222');
  });

  it("offers 'Sign out all other sessions' only while another session exists", async () => {
    const onEndOtherSessions = vi.fn();
    setup({ onEndOtherSessions });
    await userEvent.click(screen.getByRole('button', { name: T.endOthers }));
    expect(onEndOtherSessions).toHaveBeenCalledOnce();
  });

  it('has no sign-out-others button when this browser is the only session', () => {
    setup({ onEndOtherSessions: vi.fn(), sessions: [session({ current: true })] });
    expect(screen.queryByRole('button', { name: T.endOthers })).toBeNull();
  });

  it('shows each page with what the role allows', () => {
    setup();
    const pages = screen.getByRole('list', { name: T.pagesTitle });
    expect(pages).toHaveTextContent('Crumb & Co. Bakery');
    expect(pages).toHaveTextContent(T.fullAccess);
    expect(pages).toHaveTextContent(T.insightsOnly);
  });

  it("deletes only after 'DELETE' is typed", async () => {
    const props = setup();
    const button = screen.getByRole('button', { name: T.deleteAction });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText(T.deleteConfirmLabel), 'delete');
    expect(button).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(T.deleteConfirmLabel));
    await userEvent.type(screen.getByLabelText(T.deleteConfirmLabel), 'DELETE');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(props.onDeleteData).toHaveBeenCalledTimes(1);
  });

  it('says which part failed to load, and shows placeholders while loading', () => {
    setup({ sessions: null, sessionsError: true, pages: null, subscription: null });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(T.loadError);
    expect(screen.queryByRole('list', { name: T.pagesTitle })).toBeNull();
    expect(screen.queryByText(/Available credits/)).toBeNull();
  });

  it('names browsers from their User-Agent', () => {
    expect(browserName(null)).toBe('Unknown browser');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
    expect(browserName('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
