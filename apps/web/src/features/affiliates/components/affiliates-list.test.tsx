import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AffiliateEarning, AffiliateSummary } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { AffiliatesList } from './affiliates-list';

const LIST = 'GET /v1/affiliate-earning/get';
const SUMMARY = 'GET /v1/affiliate-earning/summary';

const summaryOf = (referredUsers: number): { data: AffiliateSummary } => ({
  data: {
    referredUsers,
    totalEarned: '250.00',
    pending: '0.00',
    approved: '200.00',
    paid: '50.00',
    adjustments: '0.00',
    currency: 'AUD',
    funnel: { clicks: 5, signUps: referredUsers, verified: referredUsers, buyers: 1 },
    earningsByWeek: [],
  },
});

const bankEarning: AffiliateEarning = {
  _id: 'e-1',
  kind: 'commission',
  referredToObj: { email: 'buyer@example.com', name: 'Bo Buyer' },
  investmentAmount: '1000.00',
  baseAmount: '1000.00',
  affiliateEarning: '200.00',
  currency: 'AUD',
  tier: 1,
  rate: '0.20',
  status: 'approved',
  paymentMode: 0,
  createdAt: '2025-03-05T03:30:00.000Z',
  paidAt: null,
};

const cryptoEarning: AffiliateEarning = {
  ...bankEarning,
  _id: 'e-2',
  referredToObj: { email: 'crypto@example.com', name: 'Cy Crypto' },
  investmentAmount: '250.00',
  affiliateEarning: '50.00',
  currency: '',
  paymentMode: 1,
  status: 'paid',
};

function page(rows: AffiliateEarning[], total = rows.length) {
  return { data: { data: rows, page: 1, limit: 10, totalResults: total, totalPages: 1 } };
}

function renderList(
  handler: MockHandler,
  referredUsers = 1,
  extra: Record<string, MockHandler> = {},
) {
  setSession({ user: { ...userFixture, isAffiliated: true }, tokens: tokensFixture() });
  const api = mockApi({ [LIST]: handler, [SUMMARY]: summaryOf(referredUsers), ...extra });
  renderWithClient(<AffiliatesList />);
  return api;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

afterEach(() => {
  act(() => toast.clear());
  clearSession();
  vi.restoreAllMocks();
});

describe('AffiliatesList', () => {
  it("heads the list with its count then 'Affiliates', with the spec columns", async () => {
    const api = renderList(page([bankEarning, cryptoEarning], 12), 2);

    // Spec section 2: "Heading: count then 'Affiliates'": the list's count, not the people referred.
    expect(await heading('12 Affiliates')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { level: 1, name: '2 Affiliates' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Referred To',
      'Investment Amount',
      'Affiliate Earnings',
      'Received On',
      'Payment Mode',
      'Tier',
      'Status',
    ]);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText('buyer@example.com')).toBeInTheDocument();
    expect(within(first!).getByText('1,000.00 AUD')).toBeInTheDocument();
    expect(within(first!).getByText('200.00 AUD')).toBeInTheDocument();
    expect(within(first!).getByText('05 Mar 2025')).toBeInTheDocument();
    expect(within(first!).getByText('Approved')).toBeInTheDocument();
    // The currency defaults to AUD when the answer has none.
    expect(within(second!).getByText('50.00 AUD')).toBeInTheDocument();
    expect(within(second!).getByText('Paid')).toBeInTheDocument();

    const listCall = api.spy.mock.calls.find(([input]) => (input as string).includes('/get?'));
    const url = new URL(listCall?.[0] as string, 'http://site.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '10' });
  });

  it('marks an approved commission Held, with a link to the form, while no payout destination is given', async () => {
    renderList(page([bankEarning, cryptoEarning]), 1, {
      'GET /v1/affiliate/payout-destination': { data: { destination: null } },
    });
    await screen.findByText('buyer@example.com');
    const [, first, second] = screen.getAllByRole('row');
    expect(await within(first!).findByText('Held')).toBeInTheDocument();
    expect(within(first!).queryByText('Approved')).not.toBeInTheDocument();
    expect(within(first!).getByText(/Held until you add a payout destination/)).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Add a payout destination' })).toHaveAttribute(
      'href',
      '#payout-destination',
    );
    // A paid one was paid: nothing held there.
    expect(within(second!).getByText('Paid')).toBeInTheDocument();
    expect(within(second!).queryByText('Held')).not.toBeInTheDocument();
  });

  it('keeps Approved once a payout destination is given', async () => {
    renderList(page([bankEarning]), 1, {
      'GET /v1/affiliate/payout-destination': {
        data: {
          destination: {
            kind: 'wallet',
            walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
            updatedAt: '2025-03-01T00:00:00.000Z',
          },
        },
      },
    });
    await screen.findByText('buyer@example.com');
    const [, first] = screen.getAllByRole('row');
    expect(await within(first!).findByText('Approved')).toBeInTheDocument();
    expect(within(first!).queryByText('Held')).not.toBeInTheDocument();
  });

  it('maps payment mode 1 to Crypto and anything else to Bank', async () => {
    renderList(page([bankEarning, cryptoEarning, { ...bankEarning, _id: 'e-3', paymentMode: 7 }]));
    await screen.findByText('crypto@example.com');
    const modes = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[4]?.textContent);
    expect(modes).toEqual(['Bank', 'Crypto', 'Bank']);
  });

  it('empties the list and resets the count to 0 when the call fails', async () => {
    let fail = false;
    renderList(() => (fail ? { status: 400, message: 'Something broke' } : page([bankEarning], 1)));
    expect(await heading('1 Affiliates')).toBeInTheDocument();

    fail = true;
    act(() => screen.getByRole('button', { name: 'Refresh' }).click());

    expect(await heading('0 Affiliates')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('buyer@example.com')).not.toBeInTheDocument());
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Could not load your earnings')).toBeInTheDocument();
  });

  it('says so when there are no earnings yet', async () => {
    renderList(page([]), 0);
    expect(await heading('0 Affiliates')).toBeInTheDocument();
    expect(await screen.findByText('No affiliate earnings yet')).toBeInTheDocument();
  });
});
