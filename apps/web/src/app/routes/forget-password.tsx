import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgetPasswordForm } from '../../features/auth/components/forget-password-form';
import { TextLink } from '../../features/auth/components/text-link';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgetPasswordRoute() {
  useDocumentTitle('Forgot Password');
  return (
    <AuthCard
      title="Forgot Password"
      description="Enter your e-mail and we will send you a code to reset your password."
      footer={
        <p>
          Remembered it? <TextLink to={paths.login}>Back to login</TextLink>
        </p>
      }
    >
      <ForgetPasswordForm />
    </AuthCard>
  );
}
