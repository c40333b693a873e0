import { describe, expect, it } from 'vitest';
import { routeTitle } from '../src/features/root/route-title';

describe('routeTitle', () => {
  it('names the screen, the page it is about and the product', () => {
    expect(routeTitle('/dashboard/chats', 'Crumb & Co. Bakery')).toBe(
      'Chats · Crumb & Co. Bakery — Pagecast',
    );
    expect(routeTitle('/dashboard', 'Crumb & Co. Bakery')).toBe(
      'Home · Crumb & Co. Bakery — Pagecast',
    );
    expect(routeTitle('/dashboard/analytics/', null)).toBe('Campaign Analytics — Pagecast');
    expect(routeTitle('/dashboard/templates', 'Yoga')).toBe('Templates · Yoga — Pagecast');
  });

  it('public pages and unknown routes', () => {
    expect(routeTitle('/', null)).toBe('Pagecast — Your Bulk Messaging App');
    expect(routeTitle('/privacy-policy', 'x')).toBe('Privacy Policy — Pagecast');
    expect(routeTitle('/deletion-status/abc', null)).toBe('Deletion status — Pagecast');
    expect(routeTitle('/select', null)).toBe('Choose a page — Pagecast');
    expect(routeTitle('/dashboard/nope', 'x')).toBe('Page not found — Pagecast');
    expect(routeTitle('/nowhere', null)).toBe('Page not found — Pagecast');
  });
});
