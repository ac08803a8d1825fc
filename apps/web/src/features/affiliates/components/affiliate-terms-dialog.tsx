import { TermsDialog, type TermsChoiceProps } from '../../../components/ui/terms';
import { AffiliateTerms } from './affiliate-terms';

export interface AffiliateTermsDialogProps extends TermsChoiceProps {
  /** Accept is in flight (e.g. the become-affiliate call). */
  accepting?: boolean;
}

/** The affiliate terms with Accept and Reject (spec sections 2 and 4). */
export function AffiliateTermsDialog(props: AffiliateTermsDialogProps) {
  return (
    <TermsDialog
      {...props}
      description="Affiliate programme agreement"
      textLabel="Affiliate terms text"
    >
      <AffiliateTerms headingLevel={3} />
    </TermsDialog>
  );
}
