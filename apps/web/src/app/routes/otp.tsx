import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { VerifyEmailForm } from '../../features/auth/components/verify-email-form';
import {
  codeResentFromState,
  emailFromState,
  returnToFromState,
} from '../../features/auth/route-state';
import { signupPasswordFor } from '../../features/auth/signup-password';
import { useDocumentTitle } from '../../lib/use-document-title';

export function OtpRoute() {
  useDocumentTitle('Verify OTP');
  const state: unknown = useLocation().state;
  const email = emailFromState(state);
  if (!email) return <Navigate to={paths.signup} replace />;
  const address = <strong className="text-fg">{email}</strong>;
  const fromLogin = codeResentFromState(state);
  // After a reload the password is gone: then the code only verifies, and /login follows.
  const signInTo =
    fromLogin && signupPasswordFor(email) !== undefined
      ? (returnToFromState(state) ?? '/')
      : undefined;
  return (
    <AuthCard
      title="Verify OTP"
      description={
        fromLogin ? (
          <>
            Your e-mail is not verified yet. We sent a new 4-digit code to {address}: enter it to
            verify your e-mail{signInTo === undefined ? ', then log in' : ' and you are logged in'}.
          </>
        ) : (
          <>We sent a 4-digit code to {address}.</>
        )
      }
    >
      <VerifyEmailForm email={email} signInTo={signInTo} />
    </AuthCard>
  );
}
