import { HoldingsCard } from '../../features/purchases/components/holdings-card';
import { MyRefundsList } from '../../features/purchases/components/my-refunds-list';
import { PresaleRequestsList } from '../../features/purchases/components/presale-requests-list';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PresaleRequestsRoute() {
  useDocumentTitle('Presale Requests');
  return (
    <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <HoldingsCard />
      <PresaleRequestsList />
      <MyRefundsList />
    </section>
  );
}
