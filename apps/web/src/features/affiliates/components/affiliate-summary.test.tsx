import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AffiliateSummary } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { AffiliateSummaryStrip } from './affiliate-summary';

const summary: AffiliateSummary = {
  referredUsers: 3,
  totalEarned: '450.00',
  pending: '200.00',
  approved: '150.00',
  paid: '100.00',
  adjustments: '0.00',
  currency: 'AUD',
  funnel: { clicks: 12, signUps: 3, verified: 2, buyers: 1 },
  earningsByWeek: [
    { weekStart: '2025-02-24', amount: '0' },
    { weekStart: '2025-03-03', amount: '100.00' },
    { weekStart: '2025-03-10', amount: '350.00' },
  ],
};

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('AffiliateSummaryStrip', () => {
  it('says the approved total is held until a payout destination is given, with a link', async () => {
    setSession({ user: { ...userFixture, isAffiliated: true }, tokens: tokensFixture() });
    mockApi({
      'GET /v1/affiliate-earning/summary': { data: summary },
      'GET /v1/affiliate/payout-destination': { data: { destination: null } },
    });
    renderWithClient(<AffiliateSummaryStrip />);

    const strip = await screen.findByRole('region', { name: 'Affiliate summary' });
    expect(
      await within(strip).findByText(/Held until you add a payout destination/),
    ).toBeInTheDocument();
    expect(within(strip).queryByText('Due in the next payout')).not.toBeInTheDocument();
    expect(within(strip).getByRole('link', { name: 'Add a payout destination' })).toHaveAttribute(
      'href',
      '#payout-destination',
    );
  });

  it('shows the totals, the funnel and a bar per week', async () => {
    setSession({ user: { ...userFixture, isAffiliated: true }, tokens: tokensFixture() });
    mockApi({ 'GET /v1/affiliate-earning/summary': { data: summary } });
    renderWithClient(<AffiliateSummaryStrip />);

    const strip = await screen.findByRole('region', { name: 'Affiliate summary' });
    expect(within(strip).getByText('Pending').nextSibling).toHaveTextContent('200.00 AUD');
    expect(within(strip).getByText('Approved').nextSibling).toHaveTextContent('150.00 AUD');
    expect(within(strip).getByText('Paid').nextSibling).toHaveTextContent('100.00 AUD');
    expect(within(strip).queryByText('Adjustments')).not.toBeInTheDocument();
    const funnel = within(screen.getByRole('list', { name: 'Referral funnel' }))
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(funnel).toEqual(['12Clicks', '3Sign-ups', '2Verified', '1Buyers']);

    const chart = screen.getByRole('img', { name: /Earnings by week/ });
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(3);
    const heights = Array.from(bars, (bar) => Number(bar.getAttribute('height')));
    expect(heights[0]).toBe(0);
    expect(heights[2]).toBeGreaterThan(heights[1]!);
    expect(screen.getByText('Week of 10 Mar: 350.00 AUD')).toBeInTheDocument();
  });

  it('shows nothing when the summary cannot be loaded', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    mockApi({ 'GET /v1/affiliate-earning/summary': { status: 500, message: 'Boom' } });
    renderWithClient(<AffiliateSummaryStrip />);
    await screen.findByRole('status', { name: 'Loading your affiliate summary' });
    await vi.waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Loading your affiliate summary' })).toBeNull(),
    );
    expect(screen.queryByRole('region', { name: 'Affiliate summary' })).not.toBeInTheDocument();
  });
});
