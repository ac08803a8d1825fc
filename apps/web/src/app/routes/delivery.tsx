import { DeliveryPage } from '../../features/delivery/components/delivery-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function DeliveryRoute() {
  useDocumentTitle('Delivery');
  return (
    <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <DeliveryPage />
    </section>
  );
}
