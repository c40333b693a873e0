import { API_KEY_MESSAGES, type ApiKey } from '@pagecast/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  API_KEYS_TEXT as T,
  ApiKeysCard,
  SCOPE_LABELS,
  type ApiKeysCardProps,
} from '../src/screens/account';

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Shop orders sync',
  prefix: 'pck_AbCdEfGh',
  scopes: ['read', 'tags:write'],
  pageIds: ['1'],
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-25T10:00:00.000Z',
  lastUsedIp: '203.0.113.9',
  status: 'active',
  ...over,
});

function setup(over: Partial<ApiKeysCardProps> = {}) {
  const props: ApiKeysCardProps = {
    keys: [key()],
    pages: [
      { pageId: '1', name: 'Crumb & Co. Bakery' },
      { pageId: '2', name: 'Harbor Lane Books' },
    ],
    onCreate: vi.fn(async () => 'pck_' + 'x'.repeat(43)),
    onRevoke: vi.fn(),
    onCopy: vi.fn(async () => {}),
    locale: 'en-US',
    ...over,
  };
  render(<ApiKeysCard {...props} />);
  return props;
}

describe('ApiKeysCard', () => {
  it('lists each key by prefix with its scopes, pages and last use; never its text', () => {
    setup();
    const item = within(screen.getByRole('list', { name: T.title })).getByRole('listitem');
    expect(within(item).getByText('Shop orders sync')).toBeInTheDocument();
    expect(within(item).getByText('pck_AbCdEfGh…')).toBeInTheDocument();
    expect(within(item).getByText('tags:write')).toBeInTheDocument();
    expect(within(item).getByText('Crumb & Co. Bakery')).toBeInTheDocument();
    expect(item).toHaveTextContent('Last used Nov 25, 2026 from 203.0.113.9');
  });

  it('creates a read-only key for some pages, then shows its text once with a copy button', async () => {
    const props = setup({ keys: [] });
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    await userEvent.type(screen.getByLabelText(T.nameLabel), '  CRM  ');
    await userEvent.click(screen.getByLabelText(T.somePages));
    await userEvent.click(screen.getByLabelText('Harbor Lane Books'));
    // Read is chosen already; nothing else is.
    expect(screen.getByRole('checkbox', { name: /^read/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^inbox:send/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: T.submit }));
    expect(props.onCreate).toHaveBeenCalledWith({
      name: 'CRM',
      pageIds: ['2'],
      scopes: ['read'],
    });
    const shown = await screen.findByRole('textbox', { name: T.createdTitle });
    expect(shown).toHaveValue('pck_' + 'x'.repeat(43));
    await userEvent.click(screen.getByRole('button', { name: T.copy }));
    expect(props.onCopy).toHaveBeenCalledWith('pck_' + 'x'.repeat(43));
    expect(await screen.findByRole('button', { name: T.copied })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.done }));
    expect(screen.queryByRole('textbox', { name: T.createdTitle })).not.toBeInTheDocument();
  });

  it('says what is missing before sending anything, and shows the server’s refusal', async () => {
    const onCreate = vi.fn(async () => {
      throw new Error(API_KEY_MESSAGES.tooMany);
    });
    setup({ onCreate });
    await userEvent.click(screen.getByRole('button', { name: T.create }));
    await userEvent.click(screen.getByLabelText(T.somePages));
    await userEvent.click(screen.getByRole('checkbox', { name: /^read/ }));
    await userEvent.click(screen.getByRole('button', { name: T.submit }));
    expect(screen.getByText(API_KEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(API_KEY_MESSAGES.pagesRequired)).toBeInTheDocument();
    expect(screen.getByText(API_KEY_MESSAGES.scopesRequired)).toBeInTheDocument();
    expect(onCreate).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(T.nameLabel), 'Shop');
    await userEvent.click(screen.getByLabelText(T.allPages));
    await userEvent.click(
      screen.getByRole('checkbox', { name: new RegExp(SCOPE_LABELS['campaigns:write']) }),
    );
    await userEvent.click(screen.getByRole('button', { name: T.submit }));
    expect(onCreate).toHaveBeenCalledWith({
      name: 'Shop',
      pageIds: 'all',
      scopes: ['campaigns:write'],
    });
    expect(await screen.findByText(API_KEY_MESSAGES.tooMany)).toBeInTheDocument();
  });

  it('revokes a key only after a confirmation', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: T.revoke }));
    expect(props.onRevoke).not.toHaveBeenCalled();
    expect(screen.getByText(T.revokeConfirm('Shop orders sync'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: T.revokeAction }));
    expect(props.onRevoke).toHaveBeenCalledWith('33333333-3333-4333-8333-333333333333');
  });

  it('marks an expired key, and says so when the list cannot load', () => {
    const { unmount } = render(
      <ApiKeysCard
        keys={[key({ status: 'expired', expiresAt: '2026-11-21T00:00:00.000Z' })]}
        pages={[]}
        onCreate={vi.fn()}
        onRevoke={vi.fn()}
        onCopy={vi.fn()}
      />,
    );
    expect(screen.getByText(T.expired)).toBeInTheDocument();
    unmount();
    setup({ keys: null, keysError: true });
    expect(screen.getByRole('alert')).toHaveTextContent(T.loadError);
  });
});
