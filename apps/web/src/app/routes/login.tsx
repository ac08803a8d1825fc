import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Affiliate Login');
  return (
    <ComingSoon
      title="Affiliate Login"
      description="Log in with your e-mail and password to see your transactions, presale requests and affiliate earnings."
    />
  );
}
