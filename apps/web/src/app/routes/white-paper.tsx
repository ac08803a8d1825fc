import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function WhitePaperRoute() {
  useDocumentTitle('White Paper');
  return (
    <ComingSoon
      title="White Paper"
      description="The TMC white paper as a flipbook you can page through right here."
    />
  );
}
