import type { Purchase } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { formatMoney } from '../../../lib/format';

interface PurchaseSuccessDialogProps {
  open: boolean;
  /** The order whose receipt was just attached. */
  purchase: Purchase | null;
  onClose: () => void;
  onViewRequests: () => void;
}

/** The end of the bank checkout: the receipt is in, the request waits for staff. */
export function PurchaseSuccessDialog({
  open,
  purchase,
  onClose,
  onViewRequests,
}: PurchaseSuccessDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Presale request submitted"
      description="We will review your payment and let you know by e-mail."
      footer={<Button onClick={onViewRequests}>View Presale request</Button>}
    >
      <div className="flex flex-col gap-4">
        <p className="flex items-start gap-3">
          <CheckCircleIcon className="shrink-0 text-3xl text-success" />
          <span className="pt-1">Thank you! Your receipt is in and your request is Pending.</span>
        </p>
        {purchase ? (
          <dl className="grid gap-2 rounded-2xl border-2 border-lime bg-lime/10 p-4 text-sm">
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="font-bold text-muted">Payment reference</dt>
              <dd className="font-mono font-bold text-lime">{purchase.reference}</dd>
            </div>
            <div className="flex flex-wrap justify-between gap-2">
              <dt className="font-bold text-muted">Amount</dt>
              <dd className="tabular-nums">{formatMoney(purchase.investmentAmount, 'AUD')}</dd>
            </div>
          </dl>
        ) : null}
      </div>
    </Dialog>
  );
}
