import type { Campaign } from '@pagecast/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  deliveringOnReturn,
  STOP_RETURNS_TEXT as T,
  StopReturns,
} from '../src/screens/campaign-analytics/stop-returns';

const later = new Date(Date.now() + 86_400_000).toISOString();
const earlier = new Date(Date.now() - 60_000).toISOString();
const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: '33333333-3333-4333-8333-333333333333',
  pageId: '100200300',
  name: 'Pumpkin loaf weekend',
  description: 'Weekend',
  message: 'Pumpkin loaf is back',
  scheduledTime: '2026-11-21T10:15:00.000Z',
  type: 'PROMOTION',
  tagId: null,
  tagName: null,
  audienceCount: 10,
  dispatchedCount: 4,
  deliveredCount: 4,
  interactedCount: 0,
  failedCount: 0,
  skippedCount: 6,
  templateName: null,
  reachableOnly: false,
  deliverOnReturnUntil: later,
  returnsStoppedAt: null,
  marketing: false,
  marketingReadyAt: null,
  status: 'completed',
  statusReason: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  startedAt: null,
  completedAt: null,
  ...over,
});

describe("'Stop waiting for returns'", () => {
  it('shows only while the campaign still delivers on return', () => {
    expect(deliveringOnReturn(campaign())).toBe(true);
    expect(deliveringOnReturn(campaign({ status: 'pending' }))).toBe(true);
    expect(deliveringOnReturn(campaign({ deliverOnReturnUntil: null }))).toBe(false);
    expect(deliveringOnReturn(campaign({ deliverOnReturnUntil: earlier }))).toBe(false);
    expect(deliveringOnReturn(campaign({ returnsStoppedAt: earlier }))).toBe(false);
    expect(deliveringOnReturn(campaign({ status: 'cancelled' }))).toBe(false);
    expect(deliveringOnReturn(campaign({ status: 'failed' }))).toBe(false);
    const { container } = render(
      <StopReturns campaign={campaign({ deliverOnReturnUntil: earlier })} onStop={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('asks once more with the focus on the choice; keeping it returns the focus; stopping calls onStop', async () => {
    const user = userEvent.setup();
    const onStop = vi.fn(() => Promise.resolve());
    render(<StopReturns campaign={campaign()} onStop={onStop} />);
    await user.click(screen.getByRole('button', { name: T.button }));
    expect(screen.getByText(T.confirm)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.stop })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: T.keep }));
    expect(screen.getByRole('button', { name: T.button })).toHaveFocus();
    expect(onStop).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onStop).toHaveBeenCalledTimes(1));
  });
});
