import {
  assignUnmatchedPaymentSchema,
  refundUnmatchedPaymentSchema,
  unmatchedPaymentReasonLabel,
  type UnmatchedPayment,
  type UnmatchedPaymentDetail,
} from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { formatAmount, formatDateTime, formatMoney } from '../../../lib/format';
import { useAssignUnmatchedPayment } from '../api/assign-unmatched-payment';
import { useUnmatchedPayment } from '../api/get-unmatched-payment';
import { useRefundUnmatchedPayment } from '../api/refund-unmatched-payment';
import { useAssignmentForm } from './assignment-form';
import { ConfirmDialog } from './confirm-dialog';

export type UnmatchedPaymentAction = 'assign' | 'refund';

interface UnmatchedPaymentDialogProps {
  /** The payment and what to do with it; null keeps the dialog closed. */
  target: { payment: UnmatchedPayment; action: UnmatchedPaymentAction } | null;
  onClose: () => void;
}

const copy = {
  assign: {
    title: 'Assign payment to an order',
    confirm: 'Assign payment',
    effect:
      'The transfer is read on the chain again and the order is credited with what it received: tokens for its value at the order’s frozen price (the whole order only with an override and its reason), the request is accepted, commissions follow, and the buyer is e-mailed.',
  },
  refund: {
    title: 'Mark payment refunded',
    confirm: 'Mark refunded',
    effect:
      'Record here that the payment was sent back to the sender; the refund itself is made outside the site.',
  },
} as const;

/** Assign (order reference and remark) or Mark refunded (remark), both audited by the server. */
export function UnmatchedPaymentDialog({ target, onClose }: UnmatchedPaymentDialogProps) {
  const assign = useAssignUnmatchedPayment();
  const refund = useRefundUnmatchedPayment();
  const form = useAssignmentForm();
  const action = target?.action ?? 'assign';
  const busy = assign.isPending || refund.isPending;

  const detail = useUnmatchedPayment(
    target?.action === 'assign' ? target.payment._id : undefined,
    form.reference,
  );

  function close() {
    form.reset();
    onClose();
  }

  /** Sends the action; answers the confirmation to toast, or null when the form is not valid. */
  async function send(paymentId: string): Promise<string | null> {
    if (action === 'assign') {
      const body = form.parse(assignUnmatchedPaymentSchema, { reference: true });
      if (!body) return null;
      const { message } = await assign.mutateAsync({ paymentId, body });
      return message || `Payment assigned to ${body.reference}`;
    }
    const body = form.parse(refundUnmatchedPaymentSchema, { reference: false });
    if (!body) return null;
    const { message } = await refund.mutateAsync({ paymentId, body });
    return message || 'Payment marked refunded';
  }

  async function confirm() {
    if (!target) return;
    try {
      const done = await send(target.payment._id);
      if (done === null) return;
      toast.success(done);
      close();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  }

  const payment = target?.payment;
  return (
    <ConfirmDialog
      open={target !== null}
      title={copy[action].title}
      confirmLabel={copy[action].confirm}
      confirmVariant={action === 'refund' ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={close}
    >
      {payment ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            <strong className="tabular-nums">
              {formatAmount(payment.amount, 18)} {payment.coin}
            </strong>{' '}
            from <code className="font-mono break-all">{payment.fromAddress}</code> (
            {unmatchedPaymentReasonLabel[payment.reason]}).
          </p>
          <p className="text-sm text-muted">{copy[action].effect}</p>
          {action === 'assign' ? (
            <>
              {form.referenceField}
              <AssignmentFacts
                detail={detail.data}
                loading={detail.isLoading}
                chosen={form.reference.trim().toUpperCase()}
                onChoose={(reference) => form.chooseReference(reference)}
              />
              {form.overrideFields}
            </>
          ) : null}
          {form.remarkField}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

/** The transfer against each order it could pay, and who claimed it: what staff decide on. */
function AssignmentFacts({
  detail,
  loading,
  chosen,
  onChoose,
}: {
  detail: UnmatchedPaymentDetail | undefined;
  loading: boolean;
  /** The reference typed or picked so far (upper case). */
  chosen: string;
  /** Fills the order reference with an open candidate. */
  onChoose: (reference: string) => void;
}) {
  if (loading) return <p className="text-sm text-muted">Loading claims and candidate orders…</p>;
  if (!detail) return null;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        Sent to <code className="font-mono break-all">{detail.toAddress}</code> in block{' '}
        {detail.blockNumber} ({formatDateTime(detail.blockTime)})
        {detail.reason === 'internal' ? (
          <>
            , through a contract (a smart-contract wallet or an exchange&apos;s batched withdrawal):
            the wallet&apos;s balance rose by this much beyond the block&apos;s transfers. There is
            no transaction of its own and the sender is unknown: ask the buyer which order it pays
            before assigning it, or refund it.
          </>
        ) : (
          <>
            , transaction <code className="font-mono break-all">{detail.txnHash}</code>
            {detail.logIndex === null ? '' : ` (log ${detail.logIndex})`}.
          </>
        )}
      </p>
      <section aria-label="Claims">
        <h3 className="font-semibold">
          Claims ({detail.claims.length})
          {detail.flagged ? (
            <span className="ml-2 text-danger">
              Check:{' '}
              {detail.claims.length > 1 ? 'several claims' : 'sender not proven by the claimant'}
            </span>
          ) : null}
        </h3>
        {detail.claims.length === 0 ? (
          <p className="text-muted">Nobody has claimed this transfer.</p>
        ) : (
          <ul>
            {detail.claims.map((claim) => (
              <li key={`${claim.reference}-${claim.claimedAt}`}>
                {claim.reference ?? '—'} by {claim.email}, {formatDateTime(claim.claimedAt)}:{' '}
                {claim.senderProven ? 'sender proven by this account' : 'sender not proven'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Candidate orders">
        <h3 className="font-semibold">Orders it could pay</h3>
        {detail.candidates.length === 0 ? (
          <p className="text-muted">No order yet: type a reference above to compare it.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.candidates.map((c) => (
              <li key={c.reference}>
                <strong>{c.reference}</strong> ({c.email}){c.open ? '' : ', not open'}
                {c.claimed ? ', claimed' : ''}: due {formatAmount(c.amountDue, 18)} {c.coin},
                difference {formatAmount(c.difference, 18)} {c.coin} (≈{' '}
                {formatMoney(c.differenceAud, 'AUD')}); credits {formatAmount(c.tokensForValue, 2)}{' '}
                of {formatAmount(c.tokensDue, 2)} tokens. Sender{' '}
                {c.senderProvenSince
                  ? `was a wallet this account proved when it was sent (counting since ${formatDateTime(c.senderProvenSince)})`
                  : 'was not a wallet this account proved when it was sent'}
                {c.provenWallets.length
                  ? `; proven now: ${c.provenWallets.join(', ')}`
                  : '; none proven now'}
                .
                {c.suggestion ? (
                  <span className="block font-semibold text-accent">Likely: {c.suggestion}</span>
                ) : null}
                {c.open && c.reference !== chosen ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className="mt-1"
                    onClick={() => onChoose(c.reference)}
                  >
                    Use {c.reference}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
