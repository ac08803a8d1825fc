import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { purchaseFixture, tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { PendingBankOrders } from './pending-bank-orders';

const LIST = 'GET /v1/purchase/getmypurchase';

const awaiting: Purchase = { ...purchaseFixture, _id: 'p-1', reference: 'TMC-AWAIT1' };
const inReview: Purchase = {
  ...purchaseFixture,
  _id: 'p-2',
  reference: 'TMC-REVIEW',
  investmentAmount: '833.33',
  receiptUrl: 'http://files.test/r.png?sig=1',
  receiptType: 'image',
};
const crypto: Purchase = {
  ...purchaseFixture,
  _id: 'p-3',
  reference: 'TMC-CRYPTO',
  paymentMode: 1,
};

const page = (rows: Purchase[]) => ({
  data: { data: rows, page: 1, limit: 10, totalResults: rows.length, totalPages: 1 },
});

function renderNote(rows: Purchase[]) {
  setSession({ user: userFixture, tokens: tokensFixture() });
  const api = mockApi({ [LIST]: page(rows) });
  renderRoutes([{ path: '/', element: <PendingBankOrders /> }]);
  return api;
}

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('PendingBankOrders on the Transactions page', () => {
  it('lists the Pending bank orders, awaiting payment or in review, each linking to its page', async () => {
    const api = renderNote([awaiting, inReview, crypto]);
    const note = await screen.findByRole('region', { name: 'Bank transfers in progress' });
    expect(note).toHaveTextContent(
      'A bank transfer shows here as a transaction once our team has accepted its payment.',
    );
    const items = within(note).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'TMC-AWAIT1' })).toHaveAttribute(
      'href',
      '/presale-requests/p-1',
    );
    expect(items[0]).toHaveTextContent('100.00 AUD');
    expect(items[0]).toHaveTextContent('Awaiting payment');
    expect(items[1]).toHaveTextContent('833.33 AUD');
    expect(items[1]).toHaveTextContent('Pending');
    // A crypto order is already a transaction: not repeated here.
    expect(screen.queryByText('TMC-CRYPTO')).not.toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'All presale requests' })).toHaveAttribute(
      'href',
      '/presale-requests',
    );
    const [input] = api.spy.mock.calls[0] ?? [];
    const url = new URL(input instanceof Request ? input.url : (input ?? ''), 'http://site.test');
    expect(JSON.parse(url.searchParams.get('filter[query]') ?? '{}')).toEqual({ status: 0 });
  });

  it('shows nothing when no bank order is Pending', async () => {
    const api = renderNote([crypto]);
    await waitFor(() => expect(api.spy).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(
      screen.queryByRole('region', { name: 'Bank transfers in progress' }),
    ).not.toBeInTheDocument();
  });
});
