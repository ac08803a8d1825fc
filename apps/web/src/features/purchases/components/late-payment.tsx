import { useState, type FormEvent } from 'react';
import { lateOfferMessages, messages, type LateOffer, type Purchase } from '@tmc/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/ui/toast';
import {
  UploadBox,
  type UploadBoxProps,
  type UploadedFile,
} from '../../../components/ui/upload-box';
import { formatDateTime, formatMoney, formatTokenPrice } from '../../../lib/format';
import { useAttachReceipt } from '../api/attach-receipt';

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
  const attach = useAttachReceipt(purchase._id);
  const [receipt, setReceipt] = useState<UploadedFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!receipt) {
      setError(messages.receipt);
      return;
    }
    try {
      const answer = await attach.mutateAsync({
        receiptUrl: receipt.url,
        receiptType: receipt.kind,
      });
      setReceipt(null);
      toast.success(answer.message);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      setError(message);
      toast.error(message);
    }
  }

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
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <UploadBox
          label="Bank Receipt (late)"
          required
          accept="image-or-pdf"
          hint="A screenshot or PDF of your transfer."
          upload={upload}
          value={receipt}
          onChange={(value) => {
            setReceipt(value);
            setError(null);
          }}
          error={error}
        />
        <Button type="submit" loading={attach.isPending} className="sm:self-end">
          Submit late receipt
        </Button>
      </form>
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
