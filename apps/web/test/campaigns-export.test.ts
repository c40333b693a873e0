import type { Campaign } from '@pagecast/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadRecipientsCsv } from '../src/features/campaigns/queries';
import { signIn } from './helpers';

const campaign = { id: '00000000-0000-4000-8000-000000000042' } as Campaign;
// jsdom has no object URLs: each test sets its own, put back (or removed again) afterwards. The
// property descriptors are kept rather than the methods themselves, which would be unbound.
const objectUrlMethods = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};
afterEach(() => {
  for (const [name, descriptor] of Object.entries(objectUrlMethods)) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

function stubDownload() {
  const clicked: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:csv-1');
  URL.revokeObjectURL = vi.fn();
  return clicked;
}

describe('downloadRecipientsCsv', () => {
  it("fetches the contract's export route with the session cookie and saves the file under its name", async () => {
    signIn();
    const clicked = stubDownload();
    const fetchMock = vi.fn(
      async () =>
        new Response('psid,state\n1,sent\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="spring-sale.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    await downloadRecipientsCsv(campaign, 'Export failed');

    expect(fetchMock).toHaveBeenCalledWith(`/api/v1/campaigns/${campaign.id}/recipients.csv`, {
      credentials: 'same-origin',
    });
    expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'spring-sale.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("names the file recipients.csv without a filename, and fails with the caller's message", async () => {
    const clicked = stubDownload();
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(new Response('x', { status: 200 }))
        .mockResolvedValueOnce(new Response('{}', { status: 404 })),
    );
    await downloadRecipientsCsv(campaign, 'Export failed');
    expect(clicked[0]?.download).toBe('recipients.csv');
    await expect(downloadRecipientsCsv(campaign, 'Export failed')).rejects.toThrow('Export failed');
    expect(clicked).toHaveLength(1);
  });
});
