import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PurchaseReview } from '@tmc/shared';
import { purchaseReviewFixture } from '../../../testing/fixtures';
import { renderWithClient } from '../../../testing/render';
import { ReviewDetails } from './review-details';

const transaction: NonNullable<PurchaseReview['transaction']> = {
  _id: 't-1',
  paymentStatus: 1,
  paymentMode: 1,
  price: '0.050123000000000000',
  currency: 'ETH',
  tokenSymbol: 'ETH',
  txnHash: `0x${'cd'.repeat(32)}`,
  fromAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  senderMatchesWallet: null,
  walletAddress: null,
  verifiedAt: '2025-03-05T04:00:00.000Z',
  received: '0.02',
  missing: null,
  creditOverride: null,
};

const review = (t: typeof transaction): PurchaseReview => ({
  ...purchaseReviewFixture,
  status: 1,
  paymentMode: 1,
  userCurrency: 'ETH',
  transaction: t,
});

const valueOf = (label: string) => screen.queryByText(label)?.nextElementSibling ?? null;

describe('the review details of a crypto order credited with another amount', () => {
  it('show the amount received next to the amount quoted, and no override when there was none', () => {
    renderWithClient(<ReviewDetails review={review(transaction)} />);
    expect(valueOf('Received')).toHaveTextContent('0.02 ETH');
    expect(valueOf('Credit override')).toBeNull();
  });

  it('show a staff override with its reason', () => {
    renderWithClient(
      <ReviewDetails
        review={review({ ...transaction, received: '0.001', creditOverride: 'Rest paid in cash' })}
      />,
    );
    expect(valueOf('Received')).toHaveTextContent('0.001 ETH');
    expect(valueOf('Credit override')).toHaveTextContent('Credited in full Rest paid in cash');
  });
});

describe('the review details of a bank order', () => {
  it("show when and at what price it was priced, today's price, and the deadline for its money", () => {
    renderWithClient(
      <ReviewDetails
        review={{
          ...purchaseReviewFixture,
          tokenPriceAud: '0.02',
          pricedAt: '2025-03-01T09:00:00.000Z',
          currentTokenPriceAud: '0.025',
          confirmationDueAt: '2025-03-09T09:00:00.000Z',
        }}
      />,
    );
    expect(valueOf('Priced')).toHaveTextContent(/^on .*2025.* at 0\.02 AUD per token$/);
    expect(valueOf('Price now')).toHaveTextContent('0.025 AUD per token Changed since the order');
    expect(valueOf('Confirm money by')).toHaveTextContent(/2025.*the order ends \(Not Accepted\)/);
  });

  it('mark no change when the price is the same, and no deadline once none applies', () => {
    renderWithClient(<ReviewDetails review={purchaseReviewFixture} />);
    expect(valueOf('Price now')).toHaveTextContent(/^0\.02 AUD per token$/);
    expect(valueOf('Confirm money by')).toBeNull();
  });

  it('show a partially paid order open with what it received and what is missing', () => {
    renderWithClient(
      <ReviewDetails
        review={review({
          ...transaction,
          paymentStatus: 0,
          txnHash: null,
          verifiedAt: null,
          received: '0.03',
          missing: '0.020123',
        })}
      />,
    );
    expect(valueOf('Received')).toHaveTextContent('0.03 ETH');
    expect(valueOf('Missing')).toHaveTextContent('0.020123 ETH Partially paid');
  });

  it('show the shortfall of an order credited for the value received', () => {
    renderWithClient(<ReviewDetails review={review({ ...transaction, missing: '0.030123' })} />);
    expect(valueOf('Short')).toHaveTextContent('0.030123 ETH');
  });
});
