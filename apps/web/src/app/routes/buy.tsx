import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function BuyRoute() {
  useDocumentTitle('Buy TMC');
  return (
    <ComingSoon
      title="Buy TMC"
      description="Pick FIAT, ETH or USDC, enter your amount, accept the disclaimer and continue to bank or crypto transfer."
    />
  );
}
