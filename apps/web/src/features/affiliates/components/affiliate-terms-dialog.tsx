import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { AffiliateTerms } from './affiliate-terms';

export interface AffiliateTermsDialogProps {
  open: boolean;
  onAccept: () => void;
  /** Reject, Escape, the close button and the backdrop all mean "not accepted". */
  onReject: () => void;
  /** Accept is in flight (e.g. the become-affiliate call). */
  accepting?: boolean;
}

/** The affiliate terms with Accept and Reject (spec sections 2 and 4). */
export function AffiliateTermsDialog({
  open,
  onAccept,
  onReject,
  accepting = false,
}: AffiliateTermsDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onReject}
      title="Terms and Conditions"
      description="Affiliate programme agreement"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onReject} disabled={accepting}>
            Reject
          </Button>
          <Button onClick={onAccept} loading={accepting}>
            Accept
          </Button>
        </>
      }
    >
      <div
        tabIndex={0}
        role="region"
        aria-label="Affiliate terms text"
        className="max-h-[55dvh] overflow-y-auto rounded-2xl border-2 border-line bg-ink/40 p-4 sm:p-5"
      >
        <AffiliateTerms headingLevel={3} />
      </div>
    </Dialog>
  );
}
