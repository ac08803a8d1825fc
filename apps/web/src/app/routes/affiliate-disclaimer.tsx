import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AffiliateDisclaimerRoute() {
  useDocumentTitle('Affiliate Disclaimer');
  return (
    <ComingSoon
      title="Affiliate Disclaimer"
      description="The affiliate terms: 20% commission on direct sales, weekly payouts and the promotion rules."
    />
  );
}
