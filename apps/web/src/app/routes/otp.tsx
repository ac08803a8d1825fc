import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form';
import { codeResentFromState, emailFromState } from '../../features/auth/route-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export function OtpRoute() {
  useDocumentTitle('Verify OTP');
  const state: unknown = useLocation().state;
  const email = emailFromState(state);
  if (!email) return <Navigate to={paths.signup} replace />;
  const address = <strong className="text-fg">{email}</strong>;
  return (
    <AuthCard
      title="Verify OTP"
      description={
        codeResentFromState(state) ? (
          <>
            Your e-mail is not verified yet. We sent a new 4-digit code to {address}: enter it to
            verify your e-mail, then log in.
          </>
        ) : (
          <>We sent a 4-digit code to {address}.</>
        )
      }
    >
      <VerifyEmailForm email={email} />
    </AuthCard>
  );
}
