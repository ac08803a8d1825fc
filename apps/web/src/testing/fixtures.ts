import type { PresaleConfig, Purchase, PurchaseReview, Tokens, User } from '@tmc/shared';

export const userFixture: User = {
  _id: '7d3f0a4e-1b2c-4d5e-8f90-123456789abc',
  name: 'Jamie Rivers',
  email: 'jamie@example.com',
  emailVerified: true,
  walletAddress: null,
  affiliateCode: null,
  isAffiliated: false,
  isInfluencer: false,
  role: 'user',
  createdAt: '2025-01-05T10:00:00.000Z',
};

export function tokensFixture(access = 'access-1', refresh = 'refresh-1'): Tokens {
  return {
    access: { token: access, expires: '2030-01-01T00:15:00.000Z' },
    refresh: { token: refresh, expires: '2030-01-31T00:00:00.000Z' },
  };
}

export const presaleConfigFixture: PresaleConfig = {
  tokenName: 'TMC',
  tokenSymbol: 'TMC',
  tokenPriceAud: '0.05',
  minPurchaseAud: '50',
  hardCapAud: '1000000',
  raisedAud: '1250.00',
  endsAt: null,
  companyWallet: '0x1111111111111111111111111111111111111111',
  swapWallet: '0x2222222222222222222222222222222222222222',
  chainId: 31337,
  chainName: 'TMC dev chain',
  rpcUrl: null,
  explorerUrl: null,
  minConfirmations: 1,
  usdcAddress: '0x3333333333333333333333333333333333333333',
  whitePaperUrl: 'https://papers.example.com/tmc',
  stage: { id: 'stage-1', name: 'Stage 1', priceAud: '0.05', tokensLeft: '1000000.00' },
};

/** A Pending bank order awaiting its payment (no receipt, no documents) as the API answers it. */
export const purchaseFixture: Purchase = {
  _id: 'p-1',
  createdAt: '2025-03-05T03:30:00.000Z',
  status: 0,
  investmentAmount: '100.00',
  tokenAmount: '5000.000000000000000000',
  currency: 'AUD',
  userAmount: '100.00',
  userCurrency: 'AUD',
  paymentMode: 0,
  reference: 'TMC-7KQ2XM',
  wallet: null,
  receiptUrl: null,
  receiptType: null,
  documentUrl: null,
  documentUrlBack: null,
  documentType: null,
  billingDoc: null,
  billingDocType: null,
  userRemark: null,
  remark: null,
  bank: { bankName: 'Demo Bank' },
  paidAt: null,
  reviewedAt: null,
  paymentDueAt: null,
  stageId: 'stage-1',
  stageName: 'Stage 1',
  tokenPriceAud: '0.02',
  lateReceiptAt: null,
};

/** {@link purchaseFixture} as the staff queue (GET /v1/admin/purchases) answers it: nobody reviewed it yet. */
export const purchaseReviewFixture: PurchaseReview = {
  ...purchaseFixture,
  user: {
    _id: userFixture._id,
    email: userFixture.email,
    name: userFixture.name,
    walletAddress: null,
    emailVerified: true,
  },
  affiliate: null,
  introducer: null,
  transaction: null,
  reviewedBy: null,
  reviewedAt: null,
  tokenPriceAud: '0.02',
  pricedAt: purchaseFixture.createdAt,
  currentTokenPriceAud: '0.02',
  confirmationDueAt: null,
  lateOffer: null,
  fraudSignals: [],
};
