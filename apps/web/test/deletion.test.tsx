import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DELETION_STATUS_POLL_MS } from '../src/features/public/deletion-status-page';
import {
  DELETION_FAILURE_TOAST,
  DELETION_SUCCESS_TOAST,
} from '../src/features/public/use-data-deletion';
import { useAuthStore, usePagesStore } from '../src/stores';
import {
  findHeading,
  makePage,
  mockFetch,
  renderApp,
  selectPage,
  sentJson,
  signIn,
} from './helpers';

const authResponse = { accessToken: 'EAAB-relogin-token', expiresIn: 0, userID: '10000000000042' };

function fakeFb(options: { cancel?: boolean } = {}) {
  const fb = {
    init: vi.fn(),
    login: vi.fn((cb: (r: FbLoginStatusResponse) => void, _options?: FbLoginOptions) =>
      cb(
        options.cancel
          ? { status: 'unknown', authResponse: null }
          : { status: 'connected', authResponse },
      ),
    ),
    api: vi.fn((_path: string, _params: Record<string, string>, cb: (r: FbProfile) => void) =>
      cb({ id: authResponse.userID, name: 'Grace Hopper' }),
    ),
  };
  window.FB = fb as unknown as FbSdk;
  return fb;
}

const reloginButton = () => screen.getByRole('button', { name: /Relogin For Data Deletion/ });
/** Relogin, then the confirmation that everything is deleted. */
async function startDeletion() {
  await userEvent.click(reloginButton());
  await userEvent.click(await screen.findByRole('button', { name: 'Log in and delete my data' }));
}

describe('Revoke Access (spec §2, §4)', () => {
  it('shows the manual steps and the relogin action', async () => {
    await renderApp('/revoke-access');
    expect(await findHeading('Revoke Access')).toBeInTheDocument();
    expect(screen.getByText(/Settings & privacy/)).toBeInTheDocument();
    expect(reloginButton()).toBeEnabled();
  });

  it('asks before deleting: Cancel logs nobody in', async () => {
    const fb = fakeFb();
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: { success: true, confirmationCode: 'DR0123456789ABCDEF0123' },
    }));
    await renderApp('/revoke-access');
    await userEvent.click(reloginButton());
    expect(
      await screen.findByRole('dialog', { name: 'Delete all your Pagecast data?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fb.login).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  // First: sonner keeps earlier tests' toasts in its global store.
  it('a cancelled login does nothing', async () => {
    const fb = fakeFb({ cancel: true });
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: { success: true, confirmationCode: 'DR0123456789ABCDEF0123' },
    }));
    const app = await renderApp('/revoke-access');
    await startDeletion();

    await waitFor(() => expect(fb.login).toHaveBeenCalled());
    await waitFor(() => expect(reloginButton()).toBeEnabled());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(DELETION_SUCCESS_TOAST)).toBeNull();
    expect(screen.queryByText(DELETION_FAILURE_TOAST)).toBeNull();
    expect(app.pathname()).toBe('/revoke-access');
  });
  it('relogs in with the reduced scopes, deletes, toasts, clears the state, then goes home', async () => {
    signIn();
    selectPage(makePage(1, 'Acme Coffee'));
    const fb = fakeFb();
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: { success: true, confirmationCode: 'DR0123456789ABCDEF0123' },
    }));
    const app = await renderApp('/revoke-access');
    await startDeletion();

    expect(await screen.findByText(DELETION_SUCCESS_TOAST)).toBeInTheDocument();
    expect(fb.login).toHaveBeenCalledWith(expect.any(Function), {
      scope: 'public_profile,email,pages_show_list',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/user/delete-user');
    expect(init?.method).toBe('POST');
    expect(sentJson(init)).toEqual({
      userId: authResponse.userID,
      accessToken: authResponse.accessToken,
    });
    expect(useAuthStore.getState().user).toBeNull();
    expect(usePagesStore.getState().selectedPage).toBeNull();
    // The toast is read where it was shown; home follows after the redirect delay.
    expect(app.pathname()).toBe('/revoke-access');
    await waitFor(() => expect(app.pathname()).toBe('/'), { timeout: 5000 });
  });

  it('a refused deletion shows the failure toast, keeps the session and goes home', async () => {
    signIn();
    fakeFb();
    mockFetch(() => ({
      status: 401,
      body: { message: 'This Facebook login belongs to another user.' },
    }));
    const app = await renderApp('/revoke-access');
    await startDeletion();

    expect(await screen.findByText(DELETION_FAILURE_TOAST)).toBeInTheDocument();
    // Not the app-wide 401 policy: this token was the social network's, not our session.
    expect(useAuthStore.getState().user).not.toBeNull();
    expect(app.pathname()).toBe('/revoke-access');
    await waitFor(() => expect(app.pathname()).toBe('/'), { timeout: 5000 });
  });
});

describe('Deletion status (spec §2)', () => {
  it('shows loading, then the status with User deleted and the way back', async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    const fetchMock = mockFetch(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await renderApp('/deletion-status/10000000000042');
    expect(await screen.findByText('Loading deletion status...')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/user/deletion-status/10000000000042');

    await act(async () =>
      answer({
        status: 200,
        body: { userId: '10000000000042', message: 'Your data has been deleted', deleted: true },
      }),
    );
    expect(await findHeading('Deletion Status')).toBeInTheDocument();
    expect(screen.getByText('User ID')).toBeInTheDocument();
    expect(screen.getByText('10000000000042')).toBeInTheDocument();
    expect(screen.getByText('Your data has been deleted')).toBeInTheDocument();
    expect(screen.getByText('User deleted')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('polls while the deletion is in progress and stops once deleted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let deleted = false;
      const fetchMock = mockFetch(() => ({
        status: 200,
        body: {
          userId: '10000000000042',
          message: deleted ? 'Your data has been deleted' : 'Deletion in progress',
          deleted,
        },
      }));
      await renderApp('/deletion-status/10000000000042');
      expect(await screen.findAllByText('Deletion in progress')).toHaveLength(2);
      expect(screen.queryByText('User deleted')).toBeNull();

      deleted = true;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DELETION_STATUS_POLL_MS);
      });
      expect(await screen.findByText('User deleted')).toBeInTheDocument();
      const calls = fetchMock.mock.calls.length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DELETION_STATUS_POLL_MS * 2);
      });
      expect(fetchMock.mock.calls.length).toBe(calls);
    } finally {
      vi.useRealTimers();
    }
  });

  it("an unknown code says so without 'Error'; a failure shows 'Error' or 'Something went wrong'", async () => {
    mockFetch(() => ({
      status: 404,
      body: { message: 'No deletion request found for this user' },
    }));
    const first = await renderApp('/deletion-status/123');
    expect(await findHeading('No deletion request found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Error' })).toBeNull();
    first.unmount();

    mockFetch(() => ({ status: 500 }));
    await renderApp('/deletion-status/456');
    expect(await findHeading('Error')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });
});
