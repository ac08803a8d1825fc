import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PresaleRequestsRoute() {
  useDocumentTitle('Presale Requests');
  return (
    <ComingSoon
      title="Presale Requests"
      description="Your presale requests and their review status."
    />
  );
}
