import { ExplorerContext } from '../../components/ui/explorer-link';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { HoldingsCard } from '../../features/purchases/components/holdings-card';
import { PendingBankOrders } from '../../features/purchases/components/pending-bank-orders';
import { TransactionsList } from '../../features/transactions/components/transactions-list';
import { useDocumentTitle } from '../../lib/use-document-title';

export function TransactionRoute() {
  useDocumentTitle('Transactions');
  const { data: config } = usePresaleConfig();
  return (
    <ExplorerContext value={config?.explorerUrl ?? null}>
      <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
        <HoldingsCard />
        <TransactionsList companyWallet={config?.companyWallet} notice={<PendingBankOrders />} />
      </section>
    </ExplorerContext>
  );
}
