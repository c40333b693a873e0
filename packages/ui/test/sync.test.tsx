import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SyncProgress } from '../src/screens/sync';

describe('SyncProgress (dashboard header)', () => {
  it('shows N of M and the time left once there is a pace', () => {
    const { rerender } = render(<SyncProgress processed={1200} total={5000} />);
    expect(screen.getByText('1,200 of 5,000')).toBeInTheDocument();
    expect(screen.queryByText(/left/)).not.toBeInTheDocument();
    rerender(<SyncProgress processed={1200} total={5000} etaSeconds={150} />);
    expect(screen.getByText(/about 3 min left/)).toBeInTheDocument();
    rerender(<SyncProgress processed={4900} total={5000} etaSeconds={20} />);
    expect(screen.getByText(/under a minute left/)).toBeInTheDocument();
  });
});
