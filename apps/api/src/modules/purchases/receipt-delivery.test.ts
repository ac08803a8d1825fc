import { describe, expect, it } from 'vitest';
import { deliveredLine, type ReceiptFacts } from './receipt-pdf.ts';

const facts = (delivery: ReceiptFacts['delivery']): ReceiptFacts => ({
  reference: 'TMC-1',
  seller: { name: 'Seller', address: 'Somewhere' },
  timeZone: 'UTC',
  buyerName: 'Buyer',
  buyerEmail: 'buyer@example.com',
  createdAt: new Date('2026-11-01T00:00:00Z'),
  acceptedAt: new Date('2026-11-02T00:00:00Z'),
  paymentMode: 0,
  investmentAud: '250.00',
  userAmount: '250',
  userCurrency: 'AUD',
  tokenAmount: '12500',
  tokenSymbol: 'TMC',
  tokenPriceAud: '0.02',
  stageName: null,
  wallet: null,
  deliveryStatement: 'Statement.',
  delivery,
  deliveryUrl: 'https://tmc.example/delivery',
});

const TX = `0xabc${'1'.repeat(61)}`;

describe('the receipt says when and in which transaction the tokens were delivered', () => {
  it('names the claim transaction, its date and epoch', () => {
    const line = deliveredLine(
      facts({
        state: 'claimed',
        epoch: 1,
        publishedAt: '2026-12-01T09:00:00.000Z',
        claimedTx: TX,
        claimedAt: '2026-12-02T10:30:00.000Z',
      }),
    );
    expect(line).toMatch(
      new RegExp(
        `^Delivered: 12500 TMC claimed on .*2026.* UTC in transaction ${TX} \\(epoch 1\\)\\.$`,
      ),
    );
    expect(line).toContain('Dec');
  });

  it('says since when published tokens are ready to claim, and where', () => {
    expect(
      deliveredLine(
        facts({
          state: 'published',
          epoch: 2,
          publishedAt: '2026-12-01T09:00:00.000Z',
          claimedTx: null,
          claimedAt: null,
        }),
      ),
    ).toMatch(
      /^Ready to claim since .*2026.* UTC \(epoch 2\): claim your 12500 TMC at https:\/\/tmc\.example\/delivery\.$/,
    );
  });

  it('adds nothing while the tokens are pending or held, or before delivery starts', () => {
    const none = { epoch: null, publishedAt: null, claimedTx: null, claimedAt: null };
    expect(deliveredLine(facts({ state: 'pending', ...none }))).toBeNull();
    expect(deliveredLine(facts({ state: 'held', ...none }))).toBeNull();
    expect(deliveredLine(facts(null))).toBeNull();
  });
});
