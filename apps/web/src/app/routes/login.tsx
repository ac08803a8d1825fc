import { useLocation } from 'react-router';
import { LiveForm } from '../../components/ui/live-form';
import { AFFILIATE_LOGIN, paths } from '../../config/paths';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { TextLink } from '../../features/auth/components/text-link';
import { emailFromState } from '../../features/auth/route-state';
import { postLoginTarget } from '../../lib/auth-redirect';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHydrated } from '../../lib/use-hydrated';

/** The spec's name for /login; staff on their way to the console are not affiliates. */
const BUYER_TITLE = AFFILIATE_LOGIN;
const STAFF_TITLE = 'Staff Login';

const leadsToConsole = (target: string) =>
  target === paths.admin || target.startsWith(`${paths.admin}/`);

export function LoginRoute() {
  const location = useLocation();
  // The prerendered page is the buyers' one; the route state is read once the page runs.
  const forStaff = useHydrated() && leadsToConsole(postLoginTarget(location));
  const title = forStaff ? STAFF_TITLE : BUYER_TITLE;
  useDocumentTitle(title);
  return (
    <AuthCard
      title={title}
      description={
        forStaff
          ? 'Log in with your staff e-mail and password to open the console.'
          : 'Buyers log in here too: see your transactions, presale requests and affiliate earnings.'
      }
      footer={
        forStaff ? undefined : (
          <p>
            Don&rsquo;t have an account? <TextLink to={paths.signup}>Sign Up</TextLink>
          </p>
        )
      }
    >
      <LiveForm>
        <LoginForm defaultEmail={emailFromState(location.state) ?? ''} />
      </LiveForm>
    </AuthCard>
  );
}
