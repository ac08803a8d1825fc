import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { UpdatePasswordForm } from '../../features/auth/components/update-password-form';
import { resetFromState } from '../../features/auth/route-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export function UpdatePasswordRoute() {
  useDocumentTitle('Update Password');
  const reset = resetFromState(useLocation().state);
  if (!reset) return <Navigate to={paths.forgetPassword} replace />;
  return (
    <AuthCard title="Update Password" description="Choose a new password of at least 6 characters.">
      <UpdatePasswordForm email={reset.email} resetToken={reset.resetToken} />
    </AuthCard>
  );
}
