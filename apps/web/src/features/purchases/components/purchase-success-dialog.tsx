import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckCircleIcon } from '../../../components/ui/icons';

interface PurchaseSuccessDialogProps {
  open: boolean;
  /** The payment reference the server gave the request. */
  reference: string | null;
  onClose: () => void;
  onViewRequests: () => void;
  /** The e-mail code entry, for an account that has not verified its e-mail yet. */
  verifyEmail?: ReactNode;
}

export function PurchaseSuccessDialog({
  open,
  reference,
  onClose,
  onViewRequests,
  verifyEmail,
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
          <span className="pt-1">Thank you! Your request is now Pending.</span>
        </p>
        {reference ? (
          <div className="flex flex-col gap-2 rounded-2xl border-2 border-lime bg-lime/10 p-4">
            <p className="text-sm font-bold text-muted">Your payment reference</p>
            <div className="flex flex-wrap items-center gap-3">
              <strong className="font-mono text-2xl tracking-wider break-all text-lime">
                {reference}
              </strong>
              <CopyButton value={reference} ariaLabel="Copy payment reference" />
            </div>
            <p className="text-sm">
              Write this reference in the description of your bank transfer so we can match your
              payment.
            </p>
          </div>
        ) : null}
        {verifyEmail}
      </div>
    </Dialog>
  );
}
