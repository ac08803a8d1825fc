import { useState } from 'react';
import { PaymentMode, type LateOffer } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { formatDateTime, formatMoney, formatTokenPrice } from '../../../lib/format';
import { useOfferLatePayment } from '../api/offer-late-payment';
import { ConfirmDialog } from './confirm-dialog';
import { StartRefund } from './start-refund';

const offerStateText: Record<LateOffer['state'], string> = {
  offered: 'Offered, waiting for the buyer’s consent',
  accepted: 'Accepted by the buyer',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/**
 * A late bank payment (its receipt came after the order ended): staff offer it as an order at the
 * price of the day, which the buyer accepts by e-mail, or refund it. Never accepted as it stands.
 */
export function LatePaymentActions({
  review,
}: {
  review: { _id: string; reference: string; lateReceiptAt: string; lateOffer: LateOffer | null };
}) {
  const [confirming, setConfirming] = useState(false);
  const offer = useOfferLatePayment();
  const latest = review.lateOffer;

  async function send() {
    try {
      const { message } = await offer.mutateAsync(review._id);
      toast.success(message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid="late-payment-actions">
      <p className="text-sm">
        <strong>Late payment:</strong> the receipt came on {formatDateTime(review.lateReceiptAt)},
        after the order had ended. It is never accepted at its old price: offer it at today&rsquo;s
        price (the buyer accepts by an e-mailed link) or refund it.
      </p>
      {latest ? (
        <p className="text-sm" data-testid="late-offer-state">
          Latest offer: {formatMoney(latest.tokenAmount, latest.tokenSymbol)} at{' '}
          {formatTokenPrice(latest.tokenPriceAud)} ({latest.stageName}) —{' '}
          {offerStateText[latest.state]}
          {latest.state === 'offered' ? `, until ${formatDateTime(latest.expiresAt)}` : ''}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {latest?.state === 'accepted' ? null : (
          <Button onClick={() => setConfirming(true)} disabled={offer.isPending}>
            Offer at today&rsquo;s price
          </Button>
        )}
        <StartRefund
          purchaseId={review._id}
          reference={review.reference}
          paymentMode={PaymentMode.Bank}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Offer ${review.reference} at today's price?`}
        confirmLabel="Yes, e-mail the offer"
        busy={offer.isPending}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p className="text-sm text-muted">
          The buyer gets an e-mail with the order at the active stage&rsquo;s price and a link to
          accept it (72 hours). A newer offer replaces an earlier one. Nothing changes until they
          accept.
        </p>
      </ConfirmDialog>
    </div>
  );
}
