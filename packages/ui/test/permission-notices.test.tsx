// A missing permission on the screen that needs it (docs/product.md §6): which one, how to grant it, and the
// rest of the screen still there.
import { PERMISSION_MESSAGES } from '@pagecast/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MarketingScreen, MARKETING_TEXT } from '../src/screens/marketing';
import { TemplatesScreen, TEMPLATES_TEXT } from '../src/screens/templates';

const templatesScreen = (notice?: Parameters<typeof TemplatesScreen>[0]['permissionNotice']) =>
  render(
    <TemplatesScreen
      templates={[]}
      loading={false}
      error={null}
      onCreate={vi.fn(() => Promise.resolve())}
      onRefresh={vi.fn(() => Promise.resolve())}
      onDelete={vi.fn(() => Promise.resolve())}
      permissionNotice={notice ?? null}
    />,
  );

describe('Templates without the utility messaging permission', () => {
  it('says which permission and how to grant it; the button signs in again', async () => {
    const onAction = vi.fn();
    templatesScreen({
      message: PERMISSION_MESSAGES.templates,
      actionLabel: PERMISSION_MESSAGES.reconnect,
      onAction,
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Templates need the utility messaging permission (pages_utility_messaging): reconnect Facebook and allow “Manage and access Page utility messaging”.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reconnect Facebook' }));
    expect(onAction).toHaveBeenCalledOnce();
    // Nothing else breaks: the screen is all there.
    expect(screen.getByText(TEMPLATES_TEXT.createSection)).toBeInTheDocument();
  });

  it('with the permission: no notice', () => {
    templatesScreen();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Marketing without the Marketing Messages permissions', () => {
  it("names the missing ones and offers 'Connect marketing'", async () => {
    const onAction = vi.fn();
    render(
      <MarketingScreen
        setup={{
          pageId: '42',
          adAccount: null,
          connectedAt: null,
          subscribers: 0,
          stopped: 0,
          missingPermissions: ['ads_management', 'marketing_messages_messenger'],
        }}
        loading={false}
        error={null}
        onRetry={vi.fn()}
        onConnect={vi.fn(() => Promise.resolve())}
        onDisconnect={vi.fn(() => Promise.resolve())}
        permissionNotice={{
          message: PERMISSION_MESSAGES.marketing([
            'ads_management',
            'marketing_messages_messenger',
          ]),
          actionLabel: PERMISSION_MESSAGES.connectMarketing,
          onAction,
        }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Marketing messages need the ads_management and marketing_messages_messenger permissions: connect marketing and allow them.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect marketing' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.getByText(MARKETING_TEXT.subscribersTitle)).toBeInTheDocument();
  });

  it('one missing: singular', () => {
    expect(PERMISSION_MESSAGES.marketing(['marketing_messages_messenger'])).toBe(
      'Marketing messages need the marketing_messages_messenger permission: connect marketing and allow it.',
    );
  });
});
