import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_SCOPES } from '../src/features/auth/use-sign-in';
import { describe, expect, it, vi } from 'vitest';
import { readLoginResult } from '../src/features/auth/register-admin';
import { INVALID_LOGIN_RESPONSE_LOG } from '../src/features/auth/use-login';
import { useAuthStore, usePagesStore } from '../src/stores';
import { findHeading, makePage, mockFetch, renderApp, sentJson } from './helpers';

const authResponse = { accessToken: 'EAAB-user-token-123', expiresIn: 0, userID: '10000000000042' };
const profile = {
  id: '10000000000042',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  picture: { data: { url: 'https://example.test/grace.png' } },
};

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
      cb(profile),
    ),
  };
  window.FB = fb as unknown as FbSdk;
  return fb;
}

const loginButton = () =>
  screen.getAllByRole('button', { name: /Login with Facebook/ })[0] as HTMLElement;

describe('sign-in flow (spec §4)', () => {
  it('user (the session came as a cookie, no jwt): stores user and accounts, then goes to /select with replace', async () => {
    const fb = fakeFb();
    const accounts = [makePage(1, 'Acme Coffee')];
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: {
        user: {
          userId: profile.id,
          name: 'Grace Hopper',
          email: 'grace@example.com',
          profilePic: 'https://example.test/grace.png',
          role: 'admin',
        },
        accounts,
      },
    }));
    const app = await renderApp('/');
    const lengthBefore = app.history.length;
    await userEvent.click(loginButton());

    await waitFor(() => expect(app.pathname()).toBe('/select'));
    expect(app.history.length).toBe(lengthBefore);
    expect(fb.init).toHaveBeenCalledWith({
      appId: '1000000000000001',
      version: 'v25.0',
      cookie: true,
      xfbml: false,
    });
    expect(fb.login).toHaveBeenCalledWith(expect.any(Function), {
      scope:
        'public_profile,email,pages_messaging,pages_manage_metadata,pages_show_list,pages_read_engagement,pages_utility_messaging',
    });
    expect(LOGIN_SCOPES.join(',')).toBe(fb.login.mock.calls[0]?.[1]?.scope);
    expect(fb.api).toHaveBeenCalledWith(
      '/me',
      { fields: 'id,name,email,picture' },
      expect.any(Function),
    );

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/admin/register-user-admin');
    expect(sentJson(init)).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      profilePic: 'https://example.test/grace.png',
      userId: profile.id,
      accessToken: authResponse.accessToken,
      expiresIn: 5184000,
    });

    expect(useAuthStore.getState().user).toEqual({
      userId: profile.id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      profilePic: 'https://example.test/grace.png',
      role: 'admin',
    });
    // The social network's user token went to the server only: nothing in storage holds it.
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) as string;
      expect(localStorage.getItem(key)).not.toContain(authResponse.accessToken);
    }
    expect(usePagesStore.getState().pages).toEqual(accounts);
    expect(await findHeading('Select a Page')).toBeInTheDocument();
  });

  it('an answer without a user is logged as invalid and nothing else happens', async () => {
    fakeFb();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    mockFetch(() => ({ status: 200, body: { message: 'nope' } }));
    const app = await renderApp('/');
    await userEvent.click(loginButton());

    await waitFor(() =>
      expect(log).toHaveBeenCalledWith(INVALID_LOGIN_RESPONSE_LOG, { message: 'nope' }),
    );
    await waitFor(() => expect(loginButton()).not.toBeDisabled());
    expect(app.pathname()).toBe('/');
    expect(useAuthStore.getState()).toMatchObject({ user: null });
    expect(usePagesStore.getState().pages).toEqual([]);
  });

  it("a cancelled login changes nothing and says 'Login cancelled', neutrally, until the next try", async () => {
    const fb = fakeFb({ cancel: true });
    const fetchMock = mockFetch(() => ({ status: 500 }));
    const app = await renderApp('/');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await userEvent.click(loginButton());

    await waitFor(() => expect(loginButton()).not.toBeDisabled());
    expect(await screen.findByRole('status')).toHaveTextContent('Login cancelled');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fb.login).toHaveBeenCalled();
    expect(fb.api).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(app.pathname()).toBe('/');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('a login SDK that fails to load is ignored and the button stops spinning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = mockFetch(() => ({ status: 500 }));
    const app = await renderApp('/');
    await userEvent.click(loginButton());

    const script = document.getElementById('facebook-jssdk') as HTMLScriptElement;
    expect(script.src).toBe('http://localhost:4010/sdk.js');
    expect(loginButton()).toBeDisabled();
    act(() => {
      fireEvent.error(script);
    });

    await waitFor(() => expect(loginButton()).not.toBeDisabled());
    expect(warn).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(app.pathname()).toBe('/');
    expect(document.getElementById('facebook-jssdk')).toBeNull();
  });

  it('loads the SDK once through window.fbAsyncInit', async () => {
    mockFetch(() => ({ status: 200, body: {} }));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await renderApp('/');
    await userEvent.click(loginButton());
    expect(document.querySelectorAll('#facebook-jssdk')).toHaveLength(1);

    // The SDK arrives and calls fbAsyncInit.
    const fb = fakeFb({ cancel: true });
    act(() => {
      window.fbAsyncInit?.();
    });
    await waitFor(() => expect(fb.login).toHaveBeenCalledTimes(1));
    expect(fb.init).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(loginButton()).not.toBeDisabled());

    await userEvent.click(loginButton());
    await waitFor(() => expect(fb.login).toHaveBeenCalledTimes(2));
    expect(fb.init).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('#facebook-jssdk')).toHaveLength(1);
  });
});

describe('readLoginResult: the answer read with the contract schema', () => {
  const user = {
    userId: profile.id,
    name: 'Grace Hopper',
    email: null,
    profilePic: null,
    role: 'admin',
  } as const;

  it('keeps user and accounts and drops what the contract does not name (a jwt, a stray token)', () => {
    const accounts = [makePage(1)];
    expect(
      readLoginResult({ jwt: 'a.b.c', user: { ...user, accessToken: 'EAAB-x' }, accounts }),
    ).toEqual({ user, accounts });
  });

  it('is null for an answer that is not a LoginResult', () => {
    expect(readLoginResult({ message: 'nope' })).toBeNull();
    expect(readLoginResult({ user: { ...user, role: 'owner' }, accounts: [] })).toBeNull();
    expect(readLoginResult(null)).toBeNull();
  });
});
