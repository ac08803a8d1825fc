import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCharts, AdminStats } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { pageOf } from '../../../testing/paged-list';
import { renderRoutes } from '../../../testing/render';
import { AdminDashboard } from './admin-dashboard';
import { dayTick, raisedSeries } from './dashboard-charts';

const stats: AdminStats = {
  raisedAud: '1250.00',
  hardCapAud: '5000000.00',
  tokensSold: '62500',
  tokenSymbol: 'TMC',
  requestsByStatus: [],
  pendingReviews: 2,
  awaitingBankPayment: 1,
  awaitingCryptoPayment: 0,
  verifiedCryptoToday: 0,
  users: 5,
  affiliates: 1,
  influencers: 0,
  pendingCommission: '0.00',
  approvedCommission: '0.00',
  paidCommission: '0.00',
  currency: 'AUD',
};

const charts: AdminCharts = {
  currency: 'AUD',
  hardCapAud: '5000000.00',
  days: [
    {
      date: '2026-11-22',
      raisedAud: '0.00',
      bankAud: '0.00',
      ethAud: '0.00',
      usdcAud: '0.00',
      sales: 0,
    },
    {
      date: '2026-11-23',
      raisedAud: '1250.00',
      bankAud: '1250.00',
      ethAud: '0.00',
      usdcAud: '0.00',
      sales: 1,
    },
  ],
  weeks: [{ weekStart: '2026-11-16', clicks: 3, signups: 1, buyers: 1 }],
};

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

function renderDashboard() {
  setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
  mockApi({
    'GET /v1/admin/stats': { data: stats },
    'GET /v1/admin/stats/charts': { data: charts },
    'GET /v1/admin/unmatched-payments': pageOf([], 3),
    'GET /v1/admin/stages': { data: [] },
    'GET /v1/admin/system': { status: 503, message: 'not in this test' },
  });
  renderRoutes([
    {
      path: '/',
      element: (
        <AdminDashboard
          reviewsPath="/admin/reviews"
          payoutsPath="/admin/payouts"
          systemPath="/admin/system"
          unmatchedPaymentsPath="/admin/unmatched-payments"
        />
      ),
    },
  ]);
}

describe('Dashboard (m10)', () => {
  it('puts the tiles that need staff before the charts', async () => {
    renderDashboard();
    const reviews = await screen.findByText('Pending reviews');
    const raised = await screen.findByRole('figure', { name: 'Raised over time' });
    expect(reviews.compareDocumentPosition(raised) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByText('Unmatched payments').compareDocumentPosition(raised) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says a raise under 0.1% of the cap as such, not 0.0%', async () => {
    renderDashboard();
    // 1,250 of 5,000,000 is 0.025%.
    expect(await screen.findByText('less than 0.1% of the hard cap raised')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Raised against the hard cap' }),
    ).toHaveAttribute('aria-valuetext', 'less than 0.1%');
    expect(screen.queryByText(/0\.0%/)).toBeNull();
  });

  it('scales the raised chart to the amount raised: the cap is in the summary, not a line', async () => {
    renderDashboard();
    const raised = await screen.findByRole('figure', { name: 'Raised over time' });
    expect(raised).toHaveTextContent(
      '1,250.00 AUD raised of a 5,000,000.00 AUD hard cap, by day (UTC). The scale follows the amount raised.',
    );
    expect(raisedSeries(charts).map((s) => s.label)).toEqual(['Raised (AUD)']);
    expect(raisedSeries(charts)[0]!.values).toEqual([0, 1250]);
  });

  it('labels the time axis in the console’s date form, by UTC day', () => {
    expect(dayTick(Date.parse('2026-11-23T00:00:00Z') / 1000)).toBe('23 Nov');
    expect(dayTick(Date.parse('2026-08-31T23:30:00Z') / 1000)).toBe('31 Aug');
  });
});
