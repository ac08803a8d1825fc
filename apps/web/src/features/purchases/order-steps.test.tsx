import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PaymentProgress, Purchase } from '@tmc/shared';
import { PaymentStatusNote } from '../../components/ui/payment-status-note';
import { purchaseFixture } from '../../testing/fixtures';
import { orderSteps } from './order-steps';

const verifiedOrder: Purchase = {
  ...purchaseFixture,
  status: 1,
  paymentMode: 1,
  userCurrency: 'ETH',
  paidAt: '2025-03-05T04:00:00.000Z',
  reviewedAt: '2025-03-05T04:00:00.000Z',
};

const payment = (amount: string, overridden = false): PaymentProgress => ({
  state: 'verified',
  txnHash: `0x${'ab'.repeat(32)}`,
  amount,
  coin: 'ETH',
  blockNumber: '12',
  quoted: '0.050123',
  overridden,
  confirmations: null,
  confirmationsRequired: null,
  missing: null,
  dueBy: null,
  tokens: null,
  live: false,
});

const paidStep = (p: PaymentProgress) =>
  orderSteps(verifiedOrder, 'TMC', p).find((s) => s.key === 'paid')!.detail;

describe('a verified crypto payment of another amount than quoted', () => {
  it('says nothing more when the exact quote arrived', () => {
    expect(paidStep(payment('0.050123'))).toBe('Your payment was found on the chain.');
    render(
      <MemoryRouter>
        <PaymentStatusNote payment={payment('0.050123')} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('verified-amount')).toBeNull();
  });

  it('shows the amount received against the quote, credited by value, in the timeline and the status', () => {
    const text =
      'We received 0.02 ETH of the 0.050123 ETH quoted: your tokens are for the value received.';
    expect(paidStep(payment('0.02'))).toBe(`Your payment was found on the chain. ${text}`);
    render(
      <MemoryRouter>
        <PaymentStatusNote payment={payment('0.02')} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('verified-amount')).toHaveTextContent(text);
  });

  it('shows a staff override that credited the whole order for less in the timeline', () => {
    expect(paidStep(payment('0.001', true))).toBe(
      'Your payment was found on the chain. We received 0.001 ETH of the 0.050123 ETH quoted; our team credited the whole order (staff override).',
    );
  });
});

describe('a Not Accepted order (m7)', () => {
  const closed: Purchase = {
    ...purchaseFixture,
    status: 3,
    reviewedAt: '2025-03-05T04:00:00.000Z',
  };
  const reviewed = (cancelledByBuyer: boolean) =>
    orderSteps(closed, 'TMC', undefined, cancelledByBuyer).find((s) => s.key === 'reviewed')!;

  it('names the buyer’s own cancel as theirs', () => {
    expect(reviewed(true)).toMatchObject({
      label: 'Cancelled',
      detail: 'You cancelled this order (Not Accepted). Do not pay for it.',
    });
  });

  it('keeps the team’s decision for an order staff closed', () => {
    expect(reviewed(false)).toMatchObject({
      label: 'Reviewed',
      detail: 'Our team marked it Not Accepted.',
    });
  });
});

describe('a payment seen on the chain (p3)', () => {
  it('shows a progress sign, not the alert icon', () => {
    const seen: PaymentProgress = {
      ...payment('0.050123'),
      state: 'seen',
      confirmations: 1,
      confirmationsRequired: 3,
      missing: null,
      dueBy: null,
      tokens: null,
    };
    const { container } = render(
      <MemoryRouter>
        <PaymentStatusNote payment={seen} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Payment seen in block 12: 1 of 3 confirmations')).toBeInTheDocument();
    expect(container.querySelector('[data-icon="progress"]')).not.toBeNull();
  });
});
