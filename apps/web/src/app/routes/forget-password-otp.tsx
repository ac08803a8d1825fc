import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetCodeForm } from '../../features/auth/components/reset-code-form';
import { emailFromState } from '../../features/auth/route-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgetPasswordOtpRoute() {
  useDocumentTitle('Enter Reset Code');
  const email = emailFromState(useLocation().state);
  if (!email) return <Navigate to={paths.forgetPassword} replace />;
  return (
    <AuthCard
      title="Enter Reset Code"
      description={
        <>
          If an account exists for <strong className="text-fg">{email}</strong>, we sent it a
          6-digit code.
        </>
      }
    >
      <ResetCodeForm email={email} />
    </AuthCard>
  );
}
