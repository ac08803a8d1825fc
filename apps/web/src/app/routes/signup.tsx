import { LiveForm } from '../../components/ui/live-form';
import { AFFILIATE_LOGIN, paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignupForm } from '../../features/auth/components/signup-form';
import { TextLink } from '../../features/auth/components/text-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PurchaseTermsDialog } from '../../features/purchases/components/purchase-terms-dialog';

export function SignupRoute() {
  useDocumentTitle('Sign Up');
  return (
    <AuthCard
      title="Sign Up"
      description="Create your account to buy TMC and join the affiliate programme."
      footer={
        <p>
          Already have an account? <TextLink to={paths.login}>{AFFILIATE_LOGIN}</TextLink>
        </p>
      }
    >
      <LiveForm>
        <SignupForm TermsDialog={PurchaseTermsDialog} />
      </LiveForm>
    </AuthCard>
  );
}
