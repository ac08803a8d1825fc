import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { takeSignOut, type LoginRedirectState } from '../lib/auth-redirect';
import { useSession } from '../lib/session';

/** Signed-in routes: visitors without a user go to /login, keeping where they were going. */
export function RequireAuth() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    if (takeSignOut()) return <Navigate to={paths.login} replace />;
    const state: LoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
