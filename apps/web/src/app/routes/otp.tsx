import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form';
import { emailFromState } from '../../features/auth/route-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export function OtpRoute() {
  useDocumentTitle('Verify OTP');
  const email = emailFromState(useLocation().state);
  if (!email) return <Navigate to={paths.signup} replace />;
  return (
    <AuthCard
      title="Verify OTP"
      description={
        <>
          We sent a 4-digit code to <strong className="text-fg">{email}</strong>.
        </>
      }
    >
      <VerifyEmailForm email={email} />
    </AuthCard>
  );
}
