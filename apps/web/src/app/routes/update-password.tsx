import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function UpdatePasswordRoute() {
  useDocumentTitle('Update Password');
  return (
    <ComingSoon title="Update Password" description="Choose a new password for your account." />
  );
}
