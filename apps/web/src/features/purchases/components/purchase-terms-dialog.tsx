import { Link } from 'react-router';
import { TermsDialog, type TermsChoiceProps } from '../../../components/ui/terms';
import { paths } from '../../../config/paths';
import { PurchaseTerms } from './purchase-terms';

/** The buyer's Terms and Conditions with Accept and Reject (sign-up and guest checkout). */
export function PurchaseTermsDialog(props: TermsChoiceProps) {
  return (
    <TermsDialog
      {...props}
      description="Purchase terms for TMC buyers"
      textLabel="Purchase terms text"
      footnote={
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
      }
    >
      <PurchaseTerms headingLevel={3} />
    </TermsDialog>
  );
}
