import { lateOfferMessages, type LateOffer, type Purchase } from '@tmc/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/ui/toast';
import type { UploadBoxProps } from '../../../components/ui/upload-box';
import { formatDateTime, formatMoney, formatTokenPrice } from '../../../lib/format';
import { ReceiptUploadForm } from './receipt-upload-form';

/**
 * A bank order whose payment window closed without a receipt: it ended, but the money may still
 * have gone out. Its receipt is still taken, as a late payment that staff offer at the price of
 * the day or refund.
 */
export function LateReceiptUpload({
  purchase,
  upload,
}: {
  purchase: Pick<Purchase, '_id' | 'paymentDueAt'>;
  upload: UploadBoxProps['upload'];
}) {
  return (
    <div className="card flex flex-col gap-4 p-5 sm:p-6">
      <p>
        The payment window of this order closed
        {purchase.paymentDueAt ? (
          <>
            {' '}
            on <strong>{formatDateTime(purchase.paymentDueAt)}</strong>
          </>
        ) : null}{' '}
        without a receipt, so the order ended (Not Accepted) and its price no longer holds.
      </p>
      <p className="text-sm text-muted">
        Paid anyway? Upload the receipt: we will offer you an order at the price of the day (you
        accept it by a link we e-mail you), or refund your payment. Not paid yet?{' '}
        <Link
          to={paths.buy}
          className="rounded font-bold text-cyan underline underline-offset-4 hover:text-lime"
        >
          Place a new order
        </Link>{' '}
        at today&rsquo;s price instead.
      </p>
      <ReceiptUploadForm
        purchaseId={purchase._id}
        upload={upload}
        label="Bank Receipt (late)"
        hint="A screenshot or PDF of your transfer."
        submitLabel="Submit late receipt"
        onAttached={(answer) => toast.success(answer.message)}
      />
    </div>
  );
}

/** Where a late payment stands: waiting for staff, an offer to accept by e-mail, or accepted. */
export function LatePaymentNote({
  lateReceiptAt,
  offer,
}: {
  lateReceiptAt: string;
  offer: LateOffer | null;
}) {
  return (
    <div className="card flex flex-col gap-3 p-5 sm:p-6" role="status" data-testid="late-payment">
      <p>
        <strong>Late payment.</strong> Your receipt came on {formatDateTime(lateReceiptAt)}, after
        the payment window closed.
      </p>
      {offer === null ? (
        <p className="text-muted">{lateOfferMessages.lateReceipt}</p>
      ) : offer.state === 'offered' ? (
        <p>
          We offered you {formatMoney(offer.tokenAmount, offer.tokenSymbol)} at{' '}
          {formatTokenPrice(offer.tokenPriceAud)} per {offer.tokenSymbol} (today&rsquo;s price,{' '}
          {offer.stageName}) for your {formatMoney(offer.investmentAmount, 'AUD')}. Accept it by the
          link in our e-mail before {formatDateTime(offer.expiresAt)}; nothing changes until you do.
        </p>
      ) : offer.state === 'accepted' ? (
        <p>
          You accepted our offer of {formatMoney(offer.tokenAmount, offer.tokenSymbol)} at{' '}
          {formatTokenPrice(offer.tokenPriceAud)} per {offer.tokenSymbol}: the order is in review.
        </p>
      ) : (
        <p className="text-muted">
          Our offer {offer.state === 'expired' ? 'has expired' : 'was withdrawn'}. Reply to our
          e-mail, quoting the order&rsquo;s reference, for a new offer or a refund.
        </p>
      )}
    </div>
  );
}
