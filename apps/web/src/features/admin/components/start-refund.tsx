import { useState, type FormEvent } from 'react';
import { PaymentMode, type RefundCoin } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { useCreateRefund } from '../api/create-refund';

/**
 * "Refund" from the review queue: a refund of an order (in full or in part) is started here and
 * then approved on the Refunds page, where its tokens and commissions are taken back.
 */
export function StartRefund({
  purchaseId,
  reference,
  paymentMode,
  coin,
}: {
  purchaseId: string;
  reference: string;
  paymentMode: number;
  /** The coin the order was paid in (crypto); AUD for bank orders. */
  coin?: RefundCoin;
}) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const create = useCreateRefund();
  const refundCoin: RefundCoin = paymentMode === PaymentMode.Bank ? 'AUD' : (coin ?? 'ETH');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const { message } = await create.mutateAsync({
        purchaseId,
        amount: amount.trim(),
        coin: refundCoin,
        reason: reason.trim(),
      });
      toast.success(message || 'Refund created');
      setOpen(false);
      setAmount('');
      setReason('');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Refund
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        dismissible={!create.isPending}
        title={`Refund ${reference}`}
        description="Started as requested; approve it on the Refunds page."
      >
        <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <TextField
            label={`Amount (${refundCoin})`}
            required
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            label="Reason"
            required
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!amount.trim() || !reason.trim()}
            >
              Start refund
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
