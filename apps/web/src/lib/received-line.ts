import { Decimal } from 'decimal.js';
import { PaymentMode, PaymentStatus, type Transaction } from '@tmc/shared';
import { formatDeadline } from './format';

/**
 * What a crypto payment received when less than its quote arrived: while open, what is missing
 * and by when (partially paid); once paid, the shortfall it was credited without. Null otherwise.
 * The buyer's and the staff's transaction lists say it the same way.
 */
export function receivedLine(
  row: Pick<
    Transaction,
    'paymentMode' | 'paymentStatus' | 'received' | 'missing' | 'tokenSymbol' | 'quoteExpiresAt'
  >,
): string | null {
  if (row.paymentMode !== PaymentMode.Crypto || !row.received || !row.missing) return null;
  const coin = row.tokenSymbol;
  const quoted = new Decimal(row.received).plus(row.missing).toFixed();
  if (row.paymentStatus === PaymentStatus.Pending)
    return `Received ${row.received} of ${quoted} ${coin}: ${row.missing} ${coin} missing by ${formatDeadline(row.quoteExpiresAt)}`;
  if (row.paymentStatus === PaymentStatus.Success)
    return `Received ${row.received} of ${quoted} ${coin} (${row.missing} ${coin} short): tokens for the value received`;
  return null;
}
