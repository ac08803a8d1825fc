import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AffiliatesRoute() {
  useDocumentTitle('Affiliates');
  return (
    <ComingSoon
      title="Affiliates"
      description="The people you referred and the commission you earned from them."
    />
  );
}
