import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgetPasswordOtpRoute() {
  useDocumentTitle('Enter Reset Code');
  return (
    <ComingSoon
      title="Enter Reset Code"
      description="Enter the 4-digit code we sent to your e-mail to reset your password."
    />
  );
}
