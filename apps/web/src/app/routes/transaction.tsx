import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function TransactionRoute() {
  useDocumentTitle('Transactions');
  return (
    <ComingSoon
      title="Transactions"
      description="Every payment you have made, with its status and transaction hash."
    />
  );
}
