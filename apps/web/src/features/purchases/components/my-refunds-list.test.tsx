import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BuyerRefund } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { pageOf } from '../../../testing/paged-list';
import { renderRoutes } from '../../../testing/render';
import { MyRefundsList } from './my-refunds-list';

const LIST = 'GET /v1/account/refunds';

const refund = (over: Partial<BuyerRefund>): BuyerRefund => ({
  id: 'r-1',
  state: 'requested',
  coin: 'AUD',
  amount: '50.00',
  destination: 'The bank account that paid order TMC-7K3Q9',
  evidence: null,
  reason: 'Changed my mind',
  declineReason: null,
  requestedBy: 'buyer',
  createdAt: '2025-03-05T03:30:00.000Z',
  approvedAt: null,
  paidAt: null,
  declinedAt: null,
  tokensReduced: null,
  purchaseId: 'p-1',
  reference: 'TMC-7K3Q9',
  ...over,
});

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('MyRefundsList', () => {
  it('lists each refund with its state, amount, coin, reasons and a link to its order', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const api = mockApi({
      [LIST]: pageOf([
        refund({
          id: 'r-2',
          state: 'declined',
          declineReason: 'Tokens already delivered',
          purchaseId: 'p-2',
          reference: 'TMC-ABC234',
        }),
        refund({ coin: 'ETH', amount: '0.010000000000000000', state: 'paid' }),
      ]),
    });
    renderRoutes([{ path: '/', element: <MyRefundsList /> }]);
    const declined = (await screen.findAllByText('Declined: Tokens already delivered'))[0]!;
    expect(declined).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /TMC-ABC234/ });
    expect(links[0]).toHaveAttribute('href', '/presale-requests/p-2');
    expect(screen.getAllByText('0.01 ETH').length).toBeGreaterThan(0);
    const table = screen.getByRole('table');
    expect(within(table).getAllByText('Paid').length).toBeGreaterThan(0);
    expect(api.spy).toHaveBeenCalled();
  });

  it('says so when there are none', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    mockApi({ [LIST]: pageOf([]) });
    renderRoutes([{ path: '/', element: <MyRefundsList /> }]);
    expect(await screen.findByText('No refunds')).toBeInTheDocument();
  });
});
