import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function BuyCryptoRoute() {
  useDocumentTitle('Pay with Crypto Transfer');
  return (
    <ComingSoon
      title="Pay with Crypto Transfer"
      description="Send ETH or USDC to the company wallet, add a screenshot and submit your presale request."
    />
  );
}
