import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import type { TermsDialogProps } from './guest-checkout-dialog';
import { PurchaseTerms } from './purchase-terms';

/** The buyer's Terms and Conditions with Accept and Reject (sign-up and guest checkout). */
export function PurchaseTermsDialog({ open, onAccept, onReject }: TermsDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onReject}
      title="Terms and Conditions"
      description="Purchase terms for TMC buyers"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onReject}>
            Reject
          </Button>
          <Button onClick={onAccept}>Accept</Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <div
          tabIndex={0}
          role="region"
          aria-label="Purchase terms text"
          className="max-h-[55dvh] overflow-y-auto rounded-2xl border-2 border-line bg-ink/40 p-4 sm:p-5"
        >
          <PurchaseTerms headingLevel={3} />
        </div>
        <p className="text-sm text-muted">
          <Link
            to={paths.purchaseTerms}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded font-bold text-cyan underline underline-offset-4 hover:text-lime"
          >
            Open the purchase terms in a new tab
          </Link>
        </p>
      </div>
    </Dialog>
  );
}
