import { ComingSoon } from '../../components/ui/coming-soon';
import { useDocumentTitle } from '../../lib/use-document-title';

export function OtpRoute() {
  useDocumentTitle('Verify OTP');
  return (
    <ComingSoon title="Verify OTP" description="Enter the 4-digit code we sent to your e-mail." />
  );
}
