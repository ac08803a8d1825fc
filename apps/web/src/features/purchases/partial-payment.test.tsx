import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PaymentProgress, Purchase, Transaction } from '@tmc/shared';
import { PaymentStatusNote } from '../../components/ui/payment-status-note';
import { PurchaseStatusBadge } from '../../components/ui/status-badges';
import { purchaseFixture } from '../../testing/fixtures';
import { receivedLine } from '../../lib/received-line';
import { orderSteps } from './order-steps';

/** A quote ending an hour from now, as the API gives it. */
const dueBy = new Date(Date.now() + 3600_000).toISOString();

const partial = (over: Partial<PaymentProgress> = {}): PaymentProgress => ({
  state: 'partiallyPaid',
  txnHash: null,
  amount: '0.04',
  coin: 'ETH',
  blockNumber: null,
  quoted: '0.050004',
  overridden: false,
  confirmations: null,
  confirmationsRequired: null,
  missing: '0.010004',
  dueBy,
  tokens: null,
  live: true,
  ...over,
});

const openOrder: Purchase = { ...purchaseFixture, status: 0, paymentMode: 1, userCurrency: 'ETH' };

const note = (payment: PaymentProgress, tokenSymbol?: string) =>
  render(
    <MemoryRouter>
      <PaymentStatusNote payment={payment} tokenSymbol={tokenSymbol} />
    </MemoryRouter>,
  );

describe('a partially paid order on its page', () => {
  it('says what arrived, what is missing in the coin, and by when the rest must come', () => {
    note(partial());
    expect(screen.getByRole('status')).toHaveAttribute('data-payment-state', 'partiallyPaid');
    expect(
      screen.getByText(
        'Partially paid: we received 0.04 ETH of the 0.050004 ETH due. 0.010004 ETH is missing.',
      ),
    ).toBeInTheDocument();
    const rest = screen.getByTestId('partial-payment');
    expect(rest).toHaveTextContent(
      /^Send the missing 0\.010004 ETH from your proven wallet by .+ UTC\)?\. If it has not arrived by then, your order is credited for the value received\.$/,
    );
  });

  it('once the quote has ended, says it is being credited for the value received', () => {
    note(partial({ dueBy: new Date(Date.now() - 60_000).toISOString() }));
    expect(screen.getByTestId('partial-payment')).toHaveTextContent(
      'The quote has expired: your order is being credited for the value received. This updates by itself.',
    );
  });

  it('with the next transfer on its way, says what was missing before it', () => {
    note(
      partial({
        state: 'seen',
        amount: '0.010004',
        txnHash: `0x${'cd'.repeat(32)}`,
        blockNumber: '40',
        confirmations: 1,
        confirmationsRequired: 3,
      }),
    );
    expect(screen.getByText('Payment seen in block 40: 1 of 3 confirmations')).toBeInTheDocument();
    expect(screen.getByTestId('partial-payment')).toHaveTextContent(
      '0.010004 ETH was missing before this transfer.',
    );
  });

  it('the timeline and the badge say partially paid', () => {
    const paid = orderSteps(openOrder, 'TMC', partial()).find((s) => s.key === 'paid')!;
    expect(paid.state).toBe('current');
    expect(paid.detail).toMatch(
      /^Partially paid: we received 0\.04 ETH of the 0\.050004 ETH due\. 0\.010004 ETH is missing\. Send the missing 0\.010004 ETH from your proven wallet by /,
    );
    render(<PurchaseStatusBadge status={0} partiallyPaid />);
    expect(screen.getByText('Partially paid')).toBeInTheDocument();
  });
});

describe('a payment credited for the value received', () => {
  it('names the tokens credited and the shortfall (p13, M1)', () => {
    note(
      partial({
        state: 'verified',
        txnHash: `0x${'ab'.repeat(32)}`,
        blockNumber: '41',
        missing: '0.010004',
        dueBy: null,
        tokens: '10000.000000000000000000',
        live: false,
      }),
      'TMC',
    );
    expect(
      screen.getByText('Payment verified: 10,000.00 TMC are allocated to you.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('verified-amount')).toHaveTextContent(
      'We received 0.04 ETH of the 0.050004 ETH quoted (0.010004 ETH short): your tokens are for the value received.',
    );
  });
});

describe('the transactions list line', () => {
  const row: Transaction = {
    _id: 't1',
    createdAt: '2026-11-27T10:00:00.000Z',
    price: '0.050004000000000000',
    currency: 'ETH',
    tokenSymbol: 'ETH',
    tokenAmount: '12500.000000000000000000',
    userCurrency: 'ETH',
    userAmount: '0.050000000000000000',
    paymentStatus: 0,
    paymentMode: 1,
    txnHash: null,
    walletAddress: `0x${'11'.repeat(20)}`,
    purchaseId: 'p1',
    quoteExpiresAt: '2026-11-27T11:00:00.000Z',
    stageId: null,
    stageName: null,
    received: '0.04',
    missing: '0.010004',
  };

  it('says what is missing by when while open, the shortfall once paid, nothing for an exact payment', () => {
    expect(receivedLine(row)).toMatch(
      /^Received 0\.04 of 0\.050004 ETH: 0\.010004 ETH missing by .*27 Nov 2026, 11:00 UTC/,
    );
    expect(receivedLine({ ...row, paymentStatus: 1 })).toBe(
      'Received 0.04 of 0.050004 ETH (0.010004 ETH short): tokens for the value received',
    );
    expect(receivedLine({ ...row, paymentStatus: 1, received: '0.050004', missing: null })).toBe(
      null,
    );
  });
});
