import { StatementsPage } from '../../features/statements/components/statements-page';
import { useDocumentTitle } from '../../lib/use-document-title';

export function StatementsRoute() {
  useDocumentTitle('Statements');
  return (
    <section className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <StatementsPage />
    </section>
  );
}
