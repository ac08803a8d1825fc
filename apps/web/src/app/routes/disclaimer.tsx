import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function DisclaimerRoute() {
  useDocumentTitle('Disclaimer');
  return (
    <ComingSoon
      title="Disclaimer"
      description="TMC is a meme token, not a financial product. Buyers must be 18 or older. The full disclaimer is on its way."
    />
  );
}
