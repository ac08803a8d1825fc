import { Link } from 'react-router';
import {
  formatFigure,
  paymentProgressText,
  verifiedAmountNote,
  type PaymentProgress,
} from '@tmc/shared';
import { formatDeadline } from '../../lib/format';
import { useTimeLeft } from '../../lib/use-time-left';
import { ExplorerLink } from './explorer-link';
import { CheckCircleIcon, AlertIcon, RefreshIcon } from './icons';

const linkClass = 'rounded font-bold text-cyan underline underline-offset-4 hover:text-lime';

/** The transfer a state is about: its hash (linked to the explorer) and block. */
function TransferLine({ payment }: { payment: PaymentProgress }) {
  if (!payment.txnHash) return null;
  return (
    <p className="text-sm text-muted">
      Transaction{' '}
      <ExplorerLink kind="tx" value={payment.txnHash}>
        <code className="font-mono break-all">{payment.txnHash}</code>
      </ExplorerLink>
      {payment.blockNumber ? <> in block {payment.blockNumber}</> : null}
    </p>
  );
}

/** How far a payment seen on the chain is from counting; the note follows it by itself. */
function Confirmations({ payment }: { payment: PaymentProgress }) {
  const { confirmations, confirmationsRequired, amount, coin } = payment;
  if (confirmations === null || !confirmationsRequired) return null;
  return (
    <div className="flex flex-col gap-2">
      <progress
        value={confirmations}
        max={confirmationsRequired}
        aria-label="Confirmations"
        className="h-2 w-full accent-cyan"
      />
      <p className="text-sm text-muted">
        {amount} {coin} on its way: the payment counts once it has {confirmationsRequired}{' '}
        confirmations. This updates by itself as blocks arrive.
      </p>
    </div>
  );
}

/**
 * An order paid in part: by when the rest must come and what happens otherwise (partially paid),
 * or what was missing before the transfer now on its way (seen).
 */
function PartialLine({ payment }: { payment: PaymentProgress }) {
  const { state, missing, coin, dueBy } = payment;
  const left = useTimeLeft(dueBy ?? '');
  if (!missing || !dueBy || (state !== 'partiallyPaid' && state !== 'seen')) return null;
  const over = left?.ended ?? false;
  return (
    <p data-testid="partial-payment">
      {state === 'seen'
        ? `${missing} ${coin ?? ''} was missing before this transfer.`
        : over
          ? paymentProgressText.partiallyPaidExpired
          : paymentProgressText.partiallyPaidSendRest(missing, coin ?? '', formatDeadline(dueBy))}
    </p>
  );
}

interface PaymentStatusNoteProps {
  payment: PaymentProgress;
  /** The order's page, offered where it helps ("View order"). */
  orderHref?: string;
  /** Where a new order starts ("Place a new order"), offered once this one is over. */
  newOrderHref?: string;
  /** The token's symbol: a verified payment then names the tokens credited. */
  tokenSymbol?: string;
}

/**
 * What happened to the buyer's money once it is no longer simply awaited: seen on the chain,
 * verified, received and with staff, refunded, expired or closed. Announced politely as it changes.
 */
export function PaymentStatusNote({
  payment,
  orderHref,
  newOrderHref,
  tokenSymbol,
}: PaymentStatusNoteProps) {
  const { state, amount, coin } = payment;
  let text: string;
  let good = false;
  switch (state) {
    case 'verified':
      // The number credited, from the server (p13): by value it may be less than ordered.
      text =
        payment.tokens && tokenSymbol
          ? paymentProgressText.verifiedTokens(formatFigure(payment.tokens), tokenSymbol)
          : paymentProgressText.verified;
      good = true;
      break;
    case 'seen':
      text = paymentProgressText.seen(
        payment.blockNumber ?? '',
        payment.confirmations ?? 0,
        payment.confirmationsRequired ?? 0,
      );
      break;
    case 'partiallyPaid':
      text = paymentProgressText.partiallyPaid(
        amount ?? '',
        payment.quoted ?? '',
        payment.missing ?? '',
        coin ?? '',
      );
      break;
    case 'received':
      text = paymentProgressText.received(amount ?? '', coin ?? '');
      break;
    case 'refunded':
      text = paymentProgressText.refunded(amount ?? '', coin ?? '');
      break;
    case 'expired':
      text = paymentProgressText.expired;
      break;
    case 'receiptInReview':
      text = paymentProgressText.receiptInReview;
      break;
    case 'closed':
      text = paymentProgressText.closed;
      break;
    default:
      text = paymentProgressText.awaitingPayment;
  }
  const over = state === 'expired' || state === 'closed' || state === 'refunded';
  return (
    <div
      role="status"
      data-payment-state={state}
      className={`flex flex-col gap-3 rounded-2xl border-2 p-4 ${good ? 'border-success/60 bg-success/5' : 'border-cyan/60 bg-cyan/5'}`}
    >
      <p className="flex items-start gap-3 font-bold">
        {good ? (
          <CheckCircleIcon className="mt-0.5 shrink-0 text-2xl text-success" />
        ) : state === 'seen' ? (
          // On its way and healthy: a progress sign, not an alert (p3).
          <RefreshIcon data-icon="progress" className="mt-0.5 shrink-0 text-2xl text-cyan" />
        ) : (
          <AlertIcon className="mt-0.5 shrink-0 text-2xl text-cyan" />
        )}
        <span>{text}</span>
      </p>
      {state === 'seen' ? <Confirmations payment={payment} /> : null}
      <PartialLine payment={payment} />
      {verifiedAmountNote(payment) ? (
        <p data-testid="verified-amount">{verifiedAmountNote(payment)}</p>
      ) : null}
      <TransferLine payment={payment} />
      {orderHref || (over && newOrderHref) ? (
        <p className="flex flex-wrap gap-4">
          {orderHref ? (
            <Link to={orderHref} className={linkClass}>
              View order
            </Link>
          ) : null}
          {over && newOrderHref ? (
            <Link to={newOrderHref} className={linkClass}>
              Place a new order
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
