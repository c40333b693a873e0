import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DeletionStatusScreen,
  ErrorFallbackScreen,
  NotFoundScreen,
  PrivacyPolicyScreen,
  PublicLayout,
  RevokeAccessScreen,
  TermsScreen,
} from '../src';

function sectionTitles() {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
}

describe('PublicLayout', () => {
  it('has a header linking home, a main landmark and the footer links', () => {
    render(
      <PublicLayout>
        <p>Body</p>
      </PublicLayout>,
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /Pagecast/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toHaveTextContent('Body');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(footer).getByRole('link', { name: 'Revoke Access' })).toHaveAttribute(
      'href',
      '/revoke-access',
    );
  });
});

describe('PrivacyPolicyScreen', () => {
  it('shows the title, the effective date and every spec section', () => {
    render(<PrivacyPolicyScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Effective date: 10-April-2025')).toBeInTheDocument();
    const titles = sectionTitles().join(' | ');
    for (const topic of [
      'Data we collect',
      'How we use',
      'page access',
      'storage',
      'retention',
      'rights',
      'Contact',
    ]) {
      expect(titles.toLowerCase()).toContain(topic.toLowerCase());
    }
  });

  it('describes the stored data, encryption, retention, deletion paths and support contact', () => {
    const { container } = render(<PrivacyPolicyScreen />);
    const text = container.textContent ?? '';
    for (const phrase of [
      'Facebook user ID, name, email address and profile picture',
      'long-lived Facebook user access token',
      'page access token',
      'page-scoped ID',
      'tags you assign',
      'delivery outcome',
      'AES-256-GCM',
      'as long as your account is active',
      'Relogin For Data Deletion',
      'data deletion request',
      'deletion status page',
      'do not sell',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(screen.getAllByRole('link', { name: 'support@pagecast.app' })[0]).toHaveAttribute(
      'href',
      'mailto:support@pagecast.app',
    );
    expect(screen.getAllByRole('link', { name: 'Revoke Access' })[0]).toHaveAttribute(
      'href',
      '/revoke-access',
    );
  });
});

describe('TermsScreen', () => {
  it('shows the title, the last-updated date and every spec section', () => {
    render(<TermsScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: 10-April-2025')).toBeInTheDocument();
    const titles = sectionTitles().join(' | ').toLowerCase();
    for (const topic of [
      'service description',
      'user obligations',
      'prohibited activities',
      'data handling',
      'platform compliance',
      'payments and refunds',
      'termination',
      'liability',
      'contact',
    ]) {
      expect(titles).toContain(topic);
    }
  });

  it('states the commercial and policy terms of the spec', () => {
    const { container } = render(<TermsScreen />);
    const text = container.textContent ?? '';
    for (const phrase of [
      'admin rights on every Facebook page',
      'spam',
      'promotional or advertising content with a message tag',
      'Meta Platform Terms',
      '24-hour window',
      '$20 per month',
      'monthly or annually',
      'cancel at any time in your account settings',
      'not refunded for partial periods',
      'last 3 months',
      'support@pagecast.app',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});

describe('RevokeAccessScreen', () => {
  it('shows the title, the manual steps and the automatic deletion explanation', () => {
    const { container } = render(<RevokeAccessScreen onRelogin={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Revoke Access' })).toBeInTheDocument();
    const text = container.textContent ?? '';
    for (const phrase of [
      'Settings & privacy',
      'Settings',
      'Business integrations',
      'Apps and websites',
      'Pagecast',
      'Remove',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).toContain('Removing the app sends Pagecast a data deletion request automatically');
    expect(screen.getAllByRole('list')[0]?.querySelectorAll('li')).toHaveLength(4);
  });

  it("'Relogin For Data Deletion' asks first, then calls onRelogin; Cancel does not", async () => {
    const onRelogin = vi.fn();
    render(<RevokeAccessScreen onRelogin={onRelogin} />);
    await userEvent.click(screen.getByRole('button', { name: 'Relogin For Data Deletion' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete all your Pagecast data?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onRelogin).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Relogin For Data Deletion' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log in and delete my data' }));
    expect(onRelogin).toHaveBeenCalledTimes(1);
  });

  it('is disabled with a note when onRelogin is not given', () => {
    render(<RevokeAccessScreen />);
    const button = screen.getByRole('button', { name: 'Relogin For Data Deletion' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/not available/);
  });

  it('pending shows a spinner and disables the button', () => {
    render(<RevokeAccessScreen onRelogin={vi.fn()} pending />);
    const button = screen.getByRole('button', { name: /Relogin For Data Deletion/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('DeletionStatusScreen', () => {
  it('loading', () => {
    render(<DeletionStatusScreen state="loading" />);
    expect(screen.getByText('Loading deletion status...')).toBeInTheDocument();
    expect(screen.queryByText('Deletion Status')).toBeNull();
  });

  it('error with the server message', () => {
    render(<DeletionStatusScreen state="error" errorMessage="User not found" />);
    expect(screen.getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
  });

  it("error without a message falls back to 'Something went wrong'", () => {
    render(<DeletionStatusScreen state="error" />);
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });

  it('ready and deleted', () => {
    render(
      <DeletionStatusScreen
        state="ready"
        status={{ userId: '10001', message: 'Your data has been deleted', deleted: true }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Deletion Status' })).toBeInTheDocument();
    expect(screen.getByText('User ID')).toBeInTheDocument();
    expect(screen.getByText('10001')).toBeInTheDocument();
    expect(screen.getByText('Status')).toBeInTheDocument();
    expect(screen.getByText('Your data has been deleted')).toBeInTheDocument();
    expect(screen.getByText('User deleted')).toBeInTheDocument();
    expect(screen.queryByText('Deletion in progress')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('ready and in progress', () => {
    render(
      <DeletionStatusScreen
        state="ready"
        status={{ userId: '10002', message: 'Deletion request received', deleted: false }}
        dashboardHref="/dashboard/home"
      />,
    );
    expect(screen.getByText('Deletion in progress')).toBeInTheDocument();
    expect(screen.queryByText('User deleted')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/home',
    );
  });
});

describe('NotFoundScreen and an unknown deletion code', () => {
  it('a 404 page says the page was not found and links home', () => {
    render(<NotFoundScreen homeHref="/dashboard/home" homeLabel="Back to Home" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute(
      'href',
      '/dashboard/home',
    );
  });

  it("an unknown deletion code is no red 'Error'", () => {
    render(<DeletionStatusScreen state="unknown" />);
    expect(screen.getByRole('heading', { name: 'No deletion request found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('ErrorFallbackScreen', () => {
  it('shows the heading and the status text', () => {
    render(<ErrorFallbackScreen statusText="Not Found" message="ignored" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Not Found')).toBeInTheDocument();
    expect(screen.queryByText('ignored')).toBeNull();
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
  });

  it('falls back to the message', () => {
    render(<ErrorFallbackScreen message="Cannot read properties of undefined" />);
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();
  });

  it('renders only the heading without details', () => {
    render(<ErrorFallbackScreen />);
    expect(
      screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
  });
});
