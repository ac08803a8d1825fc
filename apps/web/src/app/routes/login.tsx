import { useLocation } from 'react-router';
import { LiveForm } from '../../components/ui/live-form';
import { paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { TextLink } from '../../features/auth/components/text-link';
import { emailFromState } from '../../features/auth/route-state';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LoginRoute() {
  useDocumentTitle('Affiliate Login');
  const location = useLocation();
  return (
    <AuthCard
      title="Affiliate Login"
      description="Log in to see your transactions, presale requests and affiliate earnings."
      footer={
        <p>
          Don&rsquo;t have an account? <TextLink to={paths.signup}>Sign Up</TextLink>
        </p>
      }
    >
      <LiveForm>
        <LoginForm defaultEmail={emailFromState(location.state) ?? ''} />
      </LiveForm>
    </AuthCard>
  );
}
