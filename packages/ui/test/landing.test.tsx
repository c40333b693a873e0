import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LandingScreen } from '../src';

const SUPPORT = 'https://wa.me/15550000000';

function renderLanding(props: Partial<Parameters<typeof LandingScreen>[0]> = {}) {
  const onLogin = vi.fn();
  render(<LandingScreen onLogin={onLogin} supportUrl={SUPPORT} {...props} />);
  return { onLogin };
}

describe('LandingScreen', () => {
  it('header shows the product name, the tagline, the section anchors and a login button', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Pagecast')).toBeInTheDocument();
    expect(within(header).getByText('Your Bulk Messaging App')).toBeInTheDocument();
    const nav = within(header).getByRole('navigation', { name: 'Sections' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute(
      'href',
      '#features',
    );
    expect(within(nav).getByRole('link', { name: 'Demo' })).toHaveAttribute('href', '#demo');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(within(header).getByRole('button', { name: 'Login with Facebook' })).toBeInTheDocument();
  });

  it('hero is the only h1 and is titled exactly', () => {
    renderLanding();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(/^Message Scheduling Got Easy$/);
  });

  it('every login button calls onLogin (header, hero, call-to-action)', async () => {
    const user = userEvent.setup();
    const { onLogin } = renderLanding();
    const buttons = screen.getAllByRole('button', { name: 'Login with Facebook' });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) await user.click(button);
    expect(onLogin).toHaveBeenCalledTimes(3);
  });

  it('loginPending disables the login buttons and shows a spinner', () => {
    renderLanding({ loginPending: true });
    const buttons = screen.getAllByRole('button', { name: /Login with Facebook/ });
    expect(buttons).toHaveLength(3);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(within(button).getByRole('status')).toBeInTheDocument();
    }
  });

  it('#features has the six feature cards with their exact titles and a description each', () => {
    renderLanding();
    const section = document.getElementById('features');
    expect(section).not.toBeNull();
    const titles = within(section as HTMLElement)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Bulk Scheduling',
      'Page Management',
      'User Tagging',
      'Advanced Analytics',
      'Audience Segmentation',
      'Message Templates',
    ]);
    expect(within(section as HTMLElement).getAllByRole('listitem')).toHaveLength(6);
  });

  it('#demo holds a static product preview (no remote images)', () => {
    renderLanding();
    const demo = document.getElementById('demo') as HTMLElement;
    expect(within(demo).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(within(demo).getByRole('figure')).toBeInTheDocument();
    expect(demo.textContent).toContain('Campaign Analytics');
    expect(demo.querySelectorAll('img')).toHaveLength(0);
  });

  it('support section links to the chat app in a new tab', () => {
    renderLanding();
    const support = document.getElementById('support') as HTMLElement;
    const link = within(support).getByRole('link', { name: /Chat with us/ });
    expect(link).toHaveAttribute('href', SUPPORT);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Amendment 10.5: it says that it opens a chat app.
    expect(within(support).getByText('Opens a chat app in a new tab')).toBeVisible();
  });

  it('#pricing shows the Pro plan at $20 /month with exactly the spec feature list and a contact button', () => {
    renderLanding();
    const pricing = document.getElementById('pricing') as HTMLElement;
    expect(within(pricing).getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(within(pricing).getByText('$20')).toBeInTheDocument();
    expect(within(pricing).getByText('/month')).toBeInTheDocument();
    const list = within(pricing).getByRole('list', { name: 'Pro plan features' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Unlimited scheduled messages',
      'Unlimited pages',
      'Unlimited campaigns',
      'Real-time chat inbox',
      'Smart user segmentation',
      'Message tagging and filtering',
      'Auto-scheduling and batching',
      'Advanced analytics and message logs',
      'Priority support',
    ]);
    const contact = within(pricing).getByRole('link', { name: /Contact the team/ });
    expect(contact).toHaveAttribute('href', SUPPORT);
    expect(contact).toHaveAttribute('target', '_blank');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(pricing).getByText('Opens a chat app in a new tab')).toBeVisible();
  });

  it('footer links to terms, privacy and revoke access', () => {
    renderLanding();
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

  it('has landmarks and a sane heading outline (no level skipped)', () => {
    renderLanding();
    expect(screen.getByRole('main')).toBeInTheDocument();
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) {
      expect((levels[i] ?? 0) - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1);
    }
  });
});
