import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SignupRoute() {
  useDocumentTitle('Sign Up');
  return (
    <ComingSoon
      title="Sign Up"
      description="Create your account to buy TMC and join the affiliate programme."
    />
  );
}
