// The reach preview (and the review, which shows the same Paths) counts who stopped the page's marketing
// messages apart: they are left out on every path, inside the window or not.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Paths, type AudienceChoices } from '../src/screens/schedule-campaign/audience-note';

const choices: AudienceChoices = {
  template: null,
  reachableOnly: false,
  returnDays: 0,
  marketing: false,
};

const rows = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('opted-out contacts in the reach preview', () => {
  it('says how many stopped marketing messages and takes them out of the other paths', () => {
    render(
      <Paths
        audience={{
          total: 6,
          insideWindow: 3,
          outsideWindow: 3,
          subscribersOutside: 0,
          optedOut: 2,
          optedOutInside: 1,
        }}
        choices={choices}
      />,
    );
    expect(rows()).toEqual({
      'Your message now (inside the 24-hour window)': '2',
      'Skipped, each with the reason': '2',
      'Left out: stopped your marketing messages': '2',
    });
    expect(
      screen.getByText(
        '2 of this audience stopped your marketing messages (unsubscribed): they are left out of this campaign on every path.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^4 recipients: 2 inside the 24-hour window/)).toBeInTheDocument();
  });

  it('says nothing of it when nobody opted out (or an older server does not say)', () => {
    render(
      <Paths
        audience={{ total: 2, insideWindow: 2, outsideWindow: 0, subscribersOutside: 0 }}
        choices={choices}
      />,
    );
    expect(screen.queryByText(/stopped your marketing messages/)).not.toBeInTheDocument();
    expect(rows()).toEqual({ 'Your message now (inside the 24-hour window)': '2' });
  });
});
