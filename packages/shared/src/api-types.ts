import type { PaymentProgress } from './payment-progress.ts';
import type { Refund } from './refunds.ts';
import type { LateOffer } from './late-offers.ts';
import type { PayoutDestination, PayoutHeldReason } from './payout-destinations.ts';
import type { UnmatchedPaymentReason, UnmatchedPaymentStatus } from './admin.ts';
import type { CryptoCurrency, PaymentMode, PaymentStatus, PurchaseStatus, Role } from './enums.ts';

/** Object shapes of the HTTP answers (API.md, "Objects"). Money is always a decimal string. */

export interface User {
  _id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  walletAddress: string | null;
  affiliateCode: string | null;
  isAffiliated: boolean;
  isInfluencer: boolean;
  role: Role;
  createdAt: string;
}

export interface TokenInfo {
  token: string;
  expires: string;
}

export interface Tokens {
  access: TokenInfo;
  refresh: TokenInfo;
}

/** `data` of POST /v1/auth/login and of a guest purchase that signs the visitor in. */
export interface AuthResult {
  user: User;
  tokens: Tokens;
}

/** `data` of GET /v1/presale/config. */
export interface PresaleConfig {
  tokenName: string;
  tokenSymbol: string;
  tokenPriceAud: string;
  minPurchaseAud: string;
  hardCapAud: string;
  raisedAud: string;
  endsAt: string | null;
  companyWallet: string;
  swapWallet: string;
  chainId: number;
  /** The chain's name for a wallet that must add it. */
  chainName: string;
  /** A public JSON-RPC URL for adding the chain to a wallet; null when none is configured. */
  rpcUrl: string | null;
  /** Block explorer base URL (links to /tx/<hash> and /address/<addr>); null: no links. */
  explorerUrl: string | null;
  /** Confirmations before a payment counts. */
  minConfirmations: number;
  usdcAddress: string;
  whitePaperUrl: string;
  /** The stage selling now (its price is tokenPriceAud); null: the presale is not selling. */
  stage: PresaleStage | null;
}

/** The stage selling now, as buyers see it: nothing about later stages. */
export interface PresaleStage {
  id: string;
  name: string;
  priceAud: string;
  /** Tokens left at this price, 2 decimals. */
  tokensLeft: string;
}

/** `data` of GET /v1/currency-rate/getCurrency: units of each currency per 1 AUD. */
export interface CurrencyRates {
  base: 'AUD';
  rates: Record<string, string>;
  updatedAt: string;
}

/** One entry of GET /v1/bank/getBankDetailsByCurrency/:currency. */
export interface Bank {
  _id: string;
  bankName: string;
  accountHolder: string;
  BIC: string;
  RoutingNumber?: string;
  accountNumber?: string;
  currency: string;
}

/** `data` of POST /v1/upload-file: PUT the file to `url` (5 minutes). */
export interface UploadTicket {
  url: string;
  key: string;
  expiresAt: string;
}

/** A presale request (API.md "Purchase"). File fields are short-lived signed GET URLs. */
export interface Purchase {
  _id: string;
  createdAt: string;
  status: PurchaseStatus;
  /** AUD. */
  investmentAmount: string;
  tokenAmount: string;
  currency: string;
  userAmount: string;
  userCurrency: string;
  paymentMode: PaymentMode;
  /** The short code the buyer writes on the bank transfer. */
  reference: string;
  wallet: string | null;
  receiptUrl: string | null;
  receiptType: string | null;
  documentUrl: string | null;
  documentUrlBack: string | null;
  documentType: string | null;
  billingDoc: string | null;
  billingDocType: string | null;
  userRemark: string | null;
  /** The admin remark. */
  remark: string | null;
  bank: { bankName: string } | null;
  /** When the receipt was attached (bank) or the payment verified (crypto); null while awaiting payment. */
  paidAt: string | null;
  /** When staff (or a verified crypto payment) decided it; null while Pending. */
  reviewedAt: string | null;
  /** Bank orders: the receipt must be attached before this, else the order ends; null for crypto. */
  paymentDueAt: string | null;
  /** The stage that priced it (null on orders placed before stages). */
  stageId: string | null;
  stageName: string | null;
  /** AUD per token: the price this order keeps. */
  tokenPriceAud: string;
  /** Bank orders: when a receipt came after the order had ended (a late payment); else null. */
  lateReceiptAt: string | null;
}

/** `data` of GET /v1/purchase/:id: one of the caller's orders with what its page shows. */
export interface PurchaseDetail {
  purchase: Purchase;
  /** Bank orders: the account to pay, in full. */
  bankAccount: Bank | null;
  /** Crypto orders (and accepted bank orders): the latest payment. */
  transaction: Transaction | null;
  tokenSymbol: string;
  /** Where the buyer's money is (follow it while `payment.live`). */
  payment: PaymentProgress;
  /** True when the buyer's own cancel closed it (Not Accepted by the buyer, not by staff). */
  cancelledByBuyer: boolean;
  /** Refunds of the order and of what its transfer paid beyond it, oldest first. */
  refunds: Refund[];
  /** Where an accepted order's tokens are; null before acceptance or before delivery starts. */
  delivery: OrderDelivery | null;
  /** A late payment: the latest order at today's price staff offered for it; else null. */
  lateOffer: LateOffer | null;
}

/**
 * An accepted order's tokens: `pending` (not in a published root yet), `held` (the latest
 * distribution held the buyer: no proven or no chosen wallet), `published` (claimable since
 * `publishedAt`, in root `epoch`), `claimed` (in `claimedTx` at `claimedAt`, under `epoch`).
 */
export interface OrderDelivery {
  state: 'pending' | 'held' | 'published' | 'claimed';
  /** The epoch that first published the order's tokens (claimed: the epoch of the claim). */
  epoch: number | null;
  /** When this site saw that root accepted and mailed its proofs. */
  publishedAt: string | null;
  claimedTx: string | null;
  claimedAt: string | null;
}

/** `data` of GET /v1/purchase/holdings: what the caller owns and where it goes. */
export interface Holdings {
  /** Tokens of accepted orders. */
  allocated: string;
  /** Tokens of Pending orders whose payment is in (bank receipt attached, or a transfer held for staff). */
  pendingReview: string;
  tokenSymbol: string;
  /** The saved wallet the tokens go to; null when none is saved. */
  wallet: string | null;
  /** How and when tokens are delivered (staff can reword it in the settings). */
  deliveryStatement: string;
}

/** `data` of POST /v1/purchase/add. */
export interface PurchaseResult {
  userInfo: User;
  purchase: Purchase;
}

/** `data` of POST /v1/purchase/add-noUser: the visitor is signed in with `data`. */
export interface GuestPurchaseResult {
  msg: string;
  userData: User;
  purchase: Purchase;
  data: AuthResult;
}

/** `data` of POST /v1/purchase/add-crypto: the request and the Pending transaction quoting the amount due. */
export interface CryptoPurchaseResult {
  userInfo: User;
  purchase: Purchase;
  transaction: Transaction;
}

/** `data` of POST /v1/purchase/add-crypto-noUser: the visitor is signed in with `data`. */
export interface GuestCryptoPurchaseResult extends CryptoPurchaseResult {
  data: AuthResult;
}

/** A payment (API.md "Transaction"). For crypto, `price` is the amount due in `tokenSymbol` (ETH or USDC). */
export interface Transaction {
  _id: string;
  createdAt: string;
  price: string;
  currency: string;
  tokenSymbol: string;
  tokenAmount: string;
  userCurrency: string | null;
  userAmount: string | null;
  paymentStatus: PaymentStatus;
  paymentMode: PaymentMode;
  txnHash: string | null;
  /** The company wallet to pay (crypto); null for bank payments. */
  walletAddress: string | null;
  purchaseId: string | null;
  /** Crypto: a payment mined after this is not credited by itself (it goes to staff); null for bank payments. */
  quoteExpiresAt: string | null;
  /** Its order's stage (null without an order, or on orders placed before stages). */
  stageId: string | null;
  stageName: string | null;
  /**
   * Crypto: what the order received so far, in `tokenSymbol`, several transfers summed (while
   * partially paid), or what was credited once paid (at most the quote); null while nothing arrived
   * and for bank payments.
   */
  received: string | null;
  /**
   * Crypto: the quote less `received` when less arrived: while Pending, what is still missing
   * (partially paid, due by `quoteExpiresAt`); once paid, the shortfall credited by value. Else null.
   */
  missing: string | null;
}

/* ------------------------------------------------------------------------------------------ */
/* Staff console answers (API.md "Admin").                                                     */
/* ------------------------------------------------------------------------------------------ */

/** `data` of GET /v1/admin/stats. Amounts are AUD strings. */
export interface AdminStats {
  raisedAud: string;
  hardCapAud: string;
  tokensSold: string;
  tokenSymbol: string;
  requestsByStatus: { status: PurchaseStatus; label: string; count: number }[];
  /** Pending bank requests with a receipt: what the review queue opens on. */
  pendingReviews: number;
  /** Pending bank requests without a receipt yet. */
  awaitingBankPayment: number;
  awaitingCryptoPayment: number;
  verifiedCryptoToday: number;
  users: number;
  affiliates: number;
  influencers: number;
  pendingCommission: string;
  approvedCommission: string;
  paidCommission: string;
  currency: 'AUD';
}

/** `data` of GET /v1/admin/stats/charts. Amounts are AUD strings; dates are UTC days. */
export interface AdminCharts {
  currency: 'AUD';
  hardCapAud: string;
  /** Every day of the window, oldest first; `raisedAud` is the total at the end of that day. */
  days: {
    date: string;
    raisedAud: string;
    bankAud: string;
    ethAud: string;
    usdcAud: string;
    sales: number;
  }[];
  /** Every week of the window (starting Monday), oldest first. */
  weeks: { weekStart: string; clicks: number; signups: number; buyers: number }[];
}

/** How a part of the system fares: `amber` past its first threshold, `red` past its second. */
export type SystemLevel = 'ok' | 'amber' | 'red';

/** `data` of GET /v1/admin/system (block numbers are decimal strings). */
export interface SystemStatus {
  /** The worst level of the parts below. */
  status: SystemLevel;
  checkedAt: string;
  version: string;
  nodeVersion: string;
  uptimeSeconds: number;
  watcher: {
    status: SystemLevel;
    enabled: boolean;
    intervalSeconds: number;
    nextBlock: string | null;
    lagBlocks: string | null;
    /**
     * Blocks its next block lies beyond the chain's head ("0" normally): above 0 it waits for
     * blocks the chain has not made (a reset chain, another network) and the watcher is red.
     */
    aheadBlocks: string | null;
    lastSuccessAt: string | null;
    lastSuccessAgeSeconds: number | null;
    /** The copy holding the watcher's lease ("host pid 1234 ab12cd34"), null when none does. */
    leader: string | null;
    leaseUntil: string | null;
  };
  chain: {
    status: SystemLevel;
    chainId: number;
    reachable: boolean;
    headBlock: string | null;
    headBlockAgeSeconds: number | null;
  };
  mail: {
    status: SystemLevel;
    queueDepth: number | null;
    oldestAgeSeconds: number | null;
    retrying: number | null;
    givenUpToday: number | null;
  };
  database: {
    status: SystemLevel;
    kind: 'pglite' | 'postgres';
    reachable: boolean;
    poolInUse: number;
    poolWaiting: number;
  };
  /** The LISTEN connections of the copy that answered. */
  listeners: { status: SystemLevel; connections: { channel: string; up: boolean }[] };
  /**
   * The ETH and USDC rates' age: red past the setting rateMaxAgeMinutes (crypto orders are then
   * refused), amber past half of it.
   */
  rates: {
    status: SystemLevel;
    maxAgeSeconds: number | null;
    coins: { code: 'ETH' | 'USDC'; updatedAt: string | null; ageSeconds: number | null }[];
  };
  /**
   * Token delivery, null until a distributor is configured; amounts in TMC (decimal strings, null
   * when the database could not be read). Amber when the distributor holds less than the
   * unclaimed tokens (or its balance could not be read), or the reader lags as the watcher would.
   */
  delivery: {
    status: SystemLevel;
    claimed: string | null;
    published: string | null;
    unclaimed: string | null;
    held: { reason: 'no_proven_wallet' | 'no_delivery_wallet'; buyers: number; tokens: string }[];
    fundingShortfall: string | null;
    readerLagBlocks: string | null;
  } | null;
  thresholds: {
    watcherSilence: {
      amberIntervals: number;
      redIntervals: number;
      amberMinSeconds: number;
      redMinSeconds: number;
    };
    watcherLagBlocks: { amber: number; red: number };
    watcherAheadBlocks: { red: number };
    headBlockAgeSeconds: { amber: number; red: number };
    mailQueueDepth: { amber: number; red: number };
    mailOldestAgeSeconds: { amber: number; red: number };
  };
}

/** Someone who earns on a purchase: the buyer's affiliate or whoever introduced that affiliate. */
export interface ReviewParty {
  _id: string;
  email: string;
  name: string;
  walletAddress: string | null;
  isInfluencer: boolean;
}

export type FraudSignalCode = 'shared-wallet' | 'same-signup-ip' | 'same-mailbox';

/** One entry of GET /v1/admin/purchases: a presale request with what staff need to decide. */
export interface PurchaseReview extends Purchase {
  user: {
    _id: string;
    email: string;
    name: string;
    walletAddress: string | null;
    emailVerified: boolean;
  };
  affiliate: ReviewParty | null;
  introducer: ReviewParty | null;
  transaction: {
    _id: string;
    paymentStatus: PaymentStatus;
    paymentMode: PaymentMode;
    price: string;
    currency: string;
    tokenSymbol: string;
    txnHash: string | null;
    /** The address that paid (crypto). */
    fromAddress: string | null;
    /** Null when the buyer has no registered wallet to compare with. */
    senderMatchesWallet: boolean | null;
    walletAddress: string | null;
    verifiedAt: string | null;
    /**
     * Crypto: what the order received, shortest decimal ("0.02"): its transfers summed while it is
     * partially paid, what was credited once paid; null while nothing arrived.
     */
    received: string | null;
    /** Crypto: the quote less `received` (still missing while Pending, the shortfall once paid); else null. */
    missing: string | null;
    /** Staff credited the whole order for less than quoted: their audited reason; else null. */
    creditOverride: string | null;
  } | null;
  reviewedBy: { _id: string; email: string } | null;
  reviewedAt: string | null;
  /** AUD per token, frozen when the order was placed (`pricedAt`). */
  tokenPriceAud: string;
  pricedAt: string;
  /** AUD per token today. */
  currentTokenPriceAud: string;
  /** Pending bank orders with a receipt: the money must be confirmed by then, or the order ends. */
  confirmationDueAt: string | null;
  /** A late payment: the latest order at the price of the day offered for it; else null. */
  lateOffer: LateOffer | null;
  fraudSignals: { code: FraudSignalCode; message: string }[];
}

/** Body of POST /v1/admin/purchases/:id/status. */
export interface PurchaseDecisionBody {
  status: 1 | 2 | 3 | 4;
  remark: string | null;
  /** Accepting a bank order without a receipt: why (kept in the audit log). */
  overrideReason?: string | null;
}

/** One entry of GET /v1/admin/transactions. */
export interface AdminTransaction extends Transaction {
  user: { _id: string; email: string; name: string };
  reference: string | null;
  fromAddress: string | null;
  senderMatchesWallet: boolean | null;
  blockNumber: string | null;
  verifiedAt: string | null;
}

/** One entry of GET /v1/admin/unmatched-payments: a transfer to the company wallet that credited no order. */
export interface UnmatchedPayment {
  _id: string;
  txnHash: string;
  /** The USDC Transfer log's index in its block; null for an ETH transfer. */
  logIndex: number | null;
  coin: CryptoCurrency;
  fromAddress: string;
  /** In the coin: 18 decimals for ETH, 6 for USDC. */
  amount: string;
  blockNumber: string;
  blockTime: string;
  reason: UnmatchedPaymentReason;
  status: UnmatchedPaymentStatus;
  /** The order its exact amount or proven sender points to, or the order staff assigned it to. */
  purchaseReference: string | null;
  remark: string | null;
  createdAt: string;
  resolvedAt: string | null;
  /** How many buyers claimed it (verify button); see GET /v1/admin/unmatched-payments/:id. */
  claimCount: number;
  /** The references of the orders buyers claimed it for, sorted (shown in the list). */
  claimedFor: string[];
  /** Several claims, or a claim by an account that did not prove the sender. */
  flagged: boolean;
}

/** A buyer's claim that a transfer pays one of their orders. */
export interface PaymentClaim {
  reference: string | null;
  email: string;
  claimedAt: string;
  /** The sender is a wallet this account proved before the transfer's block. */
  senderProven: boolean;
}

/** An order staff may assign a transfer to, against the transfer. */
export interface AssignmentCandidate {
  reference: string;
  email: string;
  /** Open orders only can take the transfer. */
  open: boolean;
  coin: CryptoCurrency;
  /** The exact amount the order asks for, in the coin. */
  amountDue: string;
  /** The transfer minus the amount due, in the coin (negative: short). */
  difference: string;
  /** The difference in AUD at the order's frozen rate, 2 decimals (negative: short). */
  differenceAud: string;
  /** What the transfer credits the order without an override. */
  tokensForValue: string;
  tokensDue: string;
  /** The transfer's sender is a wallet this account held, with its proof counting, at the transfer's block. */
  senderProven: boolean;
  /** Since when that proof counted (a moved wallet counts a while after it was proven); null when it did not. */
  senderProvenSince: string | null;
  provenWallets: string[];
  claimed: boolean;
  /** Why this order is likely the one the transfer was meant for (e.g. its quote cut short), or null. */
  suggestion: string | null;
}

/** GET /v1/admin/unmatched-payments/:id: the transfer, its claims and the orders it could pay. */
export interface UnmatchedPaymentDetail extends UnmatchedPayment {
  toAddress: string;
  claims: PaymentClaim[];
  candidates: AssignmentCandidate[];
}

/** One wallet of the caller's (GET /v1/account/wallets). */
export interface AccountWallet {
  address: string;
  proven: boolean;
  provenAt: string | null;
}

/** One entry of GET /v1/admin/users: who introduced them and how many they introduced. */
export interface AdminUser extends User {
  referredBy: { _id: string; email: string; name: string } | null;
  referrals: number;
}

/** Answer of POST /v1/admin/users/:id/dismiss: the user and how many unpaid commissions became void. */
export interface DismissedAffiliate extends AdminUser {
  voidedEarnings: number;
}

/** One entry of GET /v1/admin/banks. */
export interface AdminBank {
  _id: string;
  bankName: string;
  accountHolder: string;
  BIC: string;
  RoutingNumber: string | null;
  accountNumber: string | null;
  currency: string;
  active: boolean;
  createdAt: string;
}

/** Body of POST /v1/admin/banks (PATCH takes any part of it). */
export interface AdminBankBody {
  currency: string;
  bankName: string;
  accountHolder: string;
  BIC: string;
  RoutingNumber?: string | null;
  accountNumber?: string | null;
  active?: boolean;
}

/** `data` of GET and PUT /v1/admin/currency-rates: units per 1 AUD. */
export interface AdminRatesTable {
  base: 'AUD';
  rates: { code: string; rate: string; updatedAt: string }[];
}

/** `data` of GET and PUT /v1/admin/settings. */
export interface AdminSettings {
  tokenName: string;
  tokenSymbol: string;
  tokenPriceAud: string;
  minPurchaseAud: string;
  hardCapAud: string;
  endsAt: string | null;
  companyWallet: string;
  swapWallet: string;
  usdcAddress: string;
  chainId: number;
  minConfirmations: number;
  quoteTtlMinutes: number;
  /** Minutes an expired crypto quote keeps its order (and its exact amount) before the order ends. */
  quoteGraceMinutes: number;
  /** Hours a new bank order has for its receipt before it ends. */
  bankPaymentWindowHours: number;
  /** Minutes an ETH or USDC rate may be old and still price a crypto order (older: 503). */
  rateMaxAgeMinutes: number;
  /** Days before a commission is approved (payable). */
  holdDays: number;
  /** AUD one account may buy in 12 months without a verified identity (2 decimals). */
  kycLimitAud: string;
  /** The same with a staff-verified identity; null: no limit. */
  kycVerifiedLimitAud: string | null;
  whitePaperUrl: string;
  /** How and when tokens are delivered, as buyers read it (the default until staff reword it). */
  deliveryStatement: string;
  raisedAud: string;
  tokensSold: string;
  updatedAt: string;
}

/** Body of PUT /v1/admin/settings: only the fields sent change. */
export type AdminSettingsChange = Partial<
  Pick<
    AdminSettings,
    | 'tokenName'
    | 'tokenSymbol'
    | 'tokenPriceAud'
    | 'minPurchaseAud'
    | 'hardCapAud'
    | 'endsAt'
    | 'companyWallet'
    | 'swapWallet'
    | 'minConfirmations'
    | 'quoteTtlMinutes'
    | 'quoteGraceMinutes'
    | 'bankPaymentWindowHours'
    | 'rateMaxAgeMinutes'
    | 'holdDays'
    | 'kycLimitAud'
    | 'kycVerifiedLimitAud'
    | 'whitePaperUrl'
    | 'deliveryStatement'
  >
>;

/** One affiliate's line of a payout batch. Amounts are AUD strings. */
export interface PayoutLine {
  affiliate: { _id: string; name: string; email: string; walletAddress: string | null };
  /**
   * Where to pay this line: in a batch, the destination copied when the batch was made; in a
   * preview, the affiliate's current one. null: the affiliate gave none, so the line is held.
   */
  destination: PayoutDestination | null;
  held: boolean;
  /** Why the line is held (null when it is not). */
  heldReason: PayoutHeldReason | null;
  /** A line held for a changed destination joins a batch made after this time. */
  heldUntil: string | null;
  earnings: string;
  /** Clawbacks taken off (≤ 0). */
  adjustments: string;
  amount: string;
  earningsCount: number;
}

/** A payout batch (GET /v1/admin/payouts). */
export interface Payout {
  _id: string;
  tier: 1 | 2;
  periodStart: string;
  periodEnd: string;
  total: string;
  currency: 'AUD';
  status: 'created' | 'paid';
  reference: string | null;
  affiliates: number;
  createdAt: string;
  paidAt: string | null;
}

export interface PayoutDetail extends Payout {
  lines: PayoutLine[];
}

/** `data` of GET /v1/admin/payouts/preview: the batch due for the last complete period. */
export interface PayoutPreview {
  tier: 1 | 2;
  periodStart: string;
  periodEnd: string;
  /** Commissions created by this time are past the hold period at the cut-off. */
  approvedBy: string;
  holdDays: number;
  existingPayout: PayoutDetail | null;
  lines: PayoutLine[];
  /** Owed but held (not in any batch): no payout destination yet, or one changed within the last 3 days. */
  held: PayoutLine[];
  /** Affiliates whose adjustments outweigh their earnings; they wait for later earnings. */
  carriedForward: PayoutLine[];
  total: string;
  currency: 'AUD';
}

/** One entry of GET /v1/admin/audit-log. */
export interface AuditEntry {
  _id: string;
  actor: { _id: string; email: string; name: string } | null;
  action: string;
  entity: string;
  entityId: string | null;
  /**
   * The record's name: a presale request's reference (TMC-XXXXXX), a user's e-mail, a bank's
   * name, a paid payout's transfer reference (else "Tier 1 batch to 2026-11-30", its UTC cut-off)
   * or an unmatched payment's transaction hash; null for other records.
   */
  reference: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}
