import { useState } from 'react';
import { PaymentMode, PurchaseStatus, purchaseStatusLabel, type PurchaseReview } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';
import { toast } from '../../../components/ui/toast';
import { useDecidePurchase } from '../api/decide-purchase';
import { legalDecisions, type Decision } from '../purchase-decisions';
import { ConfirmDialog } from './confirm-dialog';
import { LatePaymentActions } from './late-payment-actions';
import { StartRefund } from './start-refund';

const REMARK_MAX = 1000;

interface ReviewActionsProps {
  review: Pick<PurchaseReview, '_id' | 'status' | 'paymentMode' | 'reference'> &
    Partial<Pick<PurchaseReview, 'receiptUrl' | 'lateReceiptAt' | 'lateOffer'>> & {
      /** The coin a crypto order was paid in, for its refund. */
      refundCoin?: 'ETH' | 'USDC';
    };
  /** After a decision went through. */
  onDecided?: () => void;
}

/** The decisions open to staff for one request, each confirmed, with an admin remark. */
export function ReviewActions({ review, onDecided }: ReviewActionsProps) {
  const [remark, setRemark] = useState('');
  const [overrideReason, setOverrideReason] = useState('');
  const [pending, setPending] = useState<Decision | null>(null);
  const decide = useDecidePurchase();
  const decisions = legalDecisions(review);

  if (review.lateReceiptAt && review.status === PurchaseStatus.NotAccepted) {
    return (
      <LatePaymentActions
        review={{
          ...review,
          lateReceiptAt: review.lateReceiptAt,
          lateOffer: review.lateOffer ?? null,
        }}
      />
    );
  }
  if (decisions.length === 0) {
    return <p className="text-sm text-muted">This request is final: no further decision.</p>;
  }

  async function confirm(decision: Decision) {
    try {
      await decide.mutateAsync({
        purchaseId: review._id,
        status: decision.status,
        remark: remark.trim() || null,
        ...(needsOverride && decision.status === PurchaseStatus.Accepted
          ? { overrideReason: overrideReason.trim() }
          : {}),
      });
      toast.success(`${review.reference} is now ${purchaseStatusLabel(decision.status)}`);
      setPending(null);
      setRemark('');
      setOverrideReason('');
      onDecided?.();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      setPending(null);
    }
  }

  const cryptoPending =
    review.status === PurchaseStatus.Pending && review.paymentMode === PaymentMode.Crypto;
  // No receipt came (or its payment window closed first): accepting it is an audited override.
  const needsOverride =
    review.status === PurchaseStatus.Pending &&
    review.paymentMode === PaymentMode.Bank &&
    review.receiptUrl === null;

  return (
    <div className="flex flex-col gap-3">
      <TextArea
        label="Admin remark"
        hint="The buyer sees it on their Presale Requests page and in the e-mail."
        value={remark}
        maxLength={REMARK_MAX}
        onChange={(event) => setRemark(event.target.value)}
        disabled={decide.isPending}
      />
      {needsOverride ? (
        <TextArea
          label="Override reason (to accept without a receipt)"
          hint="This order has no receipt. To accept it anyway, say why, e.g. the payment is on the bank statement. Kept in the audit log; the buyer does not see it."
          value={overrideReason}
          maxLength={REMARK_MAX}
          onChange={(event) => setOverrideReason(event.target.value)}
          disabled={decide.isPending}
        />
      ) : null}
      {cryptoPending ? (
        <p className="text-sm text-muted">
          A crypto request is accepted when its payment is verified on the chain.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {decisions.map((decision) => (
          <Button
            key={decision.status}
            variant={decision.variant}
            disabled={
              decide.isPending ||
              (needsOverride &&
                decision.status === PurchaseStatus.Accepted &&
                !overrideReason.trim())
            }
            onClick={() => setPending(decision)}
          >
            {decision.label}
          </Button>
        ))}
        {review.status === PurchaseStatus.Accepted ? (
          <StartRefund
            purchaseId={review._id}
            reference={review.reference}
            paymentMode={review.paymentMode}
            coin={review.refundCoin}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pending.label} request ${review.reference}?` : ''}
        confirmLabel={pending ? `Yes, ${pending.label}` : ''}
        confirmVariant={pending?.variant === 'danger' ? 'danger' : 'primary'}
        busy={decide.isPending}
        onConfirm={() => pending && void confirm(pending)}
        onCancel={() => setPending(null)}
      >
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-muted">{pending?.effect}</p>
          {needsOverride && pending?.status === PurchaseStatus.Accepted ? (
            <p>
              <span className="font-bold">Override, no receipt: </span>
              <span className="break-words">{overrideReason.trim()}</span>
            </p>
          ) : null}
          <p>
            <span className="font-bold">Remark: </span>
            {remark.trim() ? (
              <span className="break-words">{remark.trim()}</span>
            ) : (
              <span className="text-muted">none</span>
            )}
          </p>
        </div>
      </ConfirmDialog>
    </div>
  );
}
