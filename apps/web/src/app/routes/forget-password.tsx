import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgetPasswordRoute() {
  useDocumentTitle('Forgot Password');
  return (
    <ComingSoon
      title="Forgot Password"
      description="Enter your e-mail and we will send you a code to reset your password."
    />
  );
}
