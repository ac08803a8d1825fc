import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function BuyBankRoute() {
  useDocumentTitle('Pay with Bank Transfer');
  return (
    <ComingSoon
      title="Pay with Bank Transfer"
      description="Choose a bank, pay the amount and upload your receipt to submit a presale request."
    />
  );
}
