import { PresaleRequestsList } from '../../features/purchases/components/presale-requests-list';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PresaleRequestsRoute() {
  useDocumentTitle('Presale Requests');
  return (
    <section className="container-page py-10 sm:py-14">
      <PresaleRequestsList />
    </section>
  );
}
