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
