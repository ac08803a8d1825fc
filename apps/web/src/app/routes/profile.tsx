import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ProfileRoute() {
  useDocumentTitle('Profile');
  return (
    <ComingSoon title="Profile" description="Your account, wallet address and affiliate link." />
  );
}
