import { purchaseStatusLabel, type AuditEntry } from '@tmc/shared';
import { shortHash } from '../../lib/format';

/** What the server records, in the words staff use. The filter sends the keys (exact names). */
export const auditActions: Record<string, string> = {
  'purchase.status': 'Presale request reviewed',
  'payout.create': 'Payout created',
  'payout.paid': 'Payout marked paid',
  'user.update': 'User updated',
  'user.dismiss': 'Affiliate dismissed',
  'bank.create': 'Bank added',
  'bank.update': 'Bank updated',
  'bank.deactivate': 'Bank deactivated',
  'settings.update': 'Settings updated',
  'stage.create': 'Stage added',
  'stage.update': 'Stage updated',
  'stage.close': 'Stage closed',
  'identityReview.view': 'Identity documents viewed',
  'identityReview.approve': 'Identity approved',
  'identityReview.reject': 'Identity rejected',
  'rates.update': 'Currency rates updated',
  'unmatchedPayment.assign': 'Unmatched payment assigned',
  'unmatchedPayment.refund': 'Unmatched payment refunded',
};

export const auditEntities: Record<string, string> = {
  purchase: 'Presale request',
  payout: 'Payout',
  user: 'User',
  bank: 'Bank',
  settings: 'Settings',
  stage: 'Presale stage',
  identity_review: 'Identity review',
  currency_rates: 'Currency rates',
  unmatchedPayment: 'Unmatched payment',
};

const fieldLabels: Record<string, string> = {
  status: 'Status',
  remark: 'Remark',
  role: 'Role',
  isInfluencer: 'Influencer',
  isAffiliated: 'Affiliate',
  reason: 'Reason',
  voidedEarnings: 'Commissions voided',
  payoutsTouched: 'Payouts changed',
  expectedTotal: 'Total transferred (AUD)',
  bankName: 'Bank name',
  accountHolder: 'Account holder',
  BIC: 'BIC / SWIFT',
  RoutingNumber: 'Routing number',
  accountNumber: 'Account number',
  tokenPriceAud: 'Token price (AUD)',
  minPurchaseAud: 'Minimum purchase (AUD)',
  hardCapAud: 'Hard cap (AUD)',
  raisedAud: 'Raised (AUD)',
  endsAt: 'Ends at',
  usdcAddress: 'USDC contract',
  chainId: 'Chain id',
  quoteTtlMinutes: 'Quote time (minutes)',
  quoteGraceMinutes: 'Crypto grace period (minutes)',
  rateMaxAgeMinutes: 'Rate age limit (minutes)',
  bankPaymentWindowHours: 'Bank payment window (hours)',
  holdDays: 'Hold period (days)',
  kycLimitAud: 'Limit without identity (AUD)',
  kycVerifiedLimitAud: 'Limit with verified identity (AUD)',
  whitePaperUrl: 'White paper link',
  txnHash: 'Transaction hash',
  transactionId: 'Transaction',
  purchaseReference: 'Presale request',
  paidAt: 'Paid at',
};

/** "minConfirmations" → "Min confirmations": a readable fallback for fields not listed. */
function humanize(field: string): string {
  if (field === field.toUpperCase()) return field;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\baud\b/g, 'AUD');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const auditFieldLabel = (field: string) => fieldLabels[field] ?? humanize(field);

export const auditActionLabel = (action: string) => auditActions[action] ?? humanize(action);

export const auditEntityLabel = (entity: string) => auditEntities[entity] ?? humanize(entity);

/** One value as staff read it: status names, Yes/No, '—' for nothing. */
export function auditValue(entity: string, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (field === 'status' && entity === 'purchase' && typeof value === 'number')
    return purchaseStatusLabel(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    // Lower-case states ('created', 'paid', 'refunded') read as names.
    return field === 'status' ? value.charAt(0).toUpperCase() + value.slice(1) : value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fields that differ between before and after, labelled and readable ("Pending" → "Accepted"). */
export function auditChanges(
  entry: Pick<AuditEntry, 'entity' | 'before' | 'after'>,
): AuditChange[] {
  const { entity, before, after } = entry;
  const change = (field: string, from: unknown, to: unknown): AuditChange => ({
    field,
    // Currency rates are keyed by their codes ("EUR"), already the right label.
    label: entity === 'currency_rates' ? field : auditFieldLabel(field),
    before: auditValue(entity, field, from),
    after: auditValue(entity, field, to),
  });
  if (!isRecord(before) && !isRecord(after)) return [change('value', before, after)];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  // The status first: it is what a review changed.
  return [...new Set(['status', ...Object.keys(b), ...Object.keys(a)])]
    .filter(
      (field) =>
        (field in b || field in a) && JSON.stringify(b[field]) !== JSON.stringify(a[field]),
    )
    .map((field) => change(field, b[field], a[field]));
}

const TX_HASH = /^0x[0-9a-f]{64}$/i;

/**
 * How a record is named in the log: its reference when it has one (a transaction hash
 * shortened), else a short id.
 */
export function auditRecordName(entry: Pick<AuditEntry, 'entityId' | 'reference'>): string | null {
  if (entry.reference)
    return TX_HASH.test(entry.reference) ? shortHash(entry.reference) : entry.reference;
  if (!entry.entityId) return null;
  return entry.entityId.length > 12 ? `${entry.entityId.slice(0, 8)}…` : entry.entityId;
}
