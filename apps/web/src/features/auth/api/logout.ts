import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { markSignOut } from '../../../lib/auth-redirect';
import { clearSession, getSession } from '../../../lib/session';

export interface LogoutOptions {
  /** The mobile menu's logout clears all of local storage (spec section 4). */
  clearAllStorage?: boolean;
}

/**
 * Signs out at once and tells the server to revoke the refresh token in the background;
 * a failed call changes nothing for the user.
 */
export function logout({ clearAllStorage = false }: LogoutOptions = {}): Promise<void> {
  const { refreshToken } = getSession();
  markSignOut();
  clearSession();
  if (clearAllStorage) localStorage.clear();
  if (!refreshToken) return Promise.resolve();
  return api
    .post('/v1/auth/logout', { refreshToken }, { auth: false })
    .then(() => undefined)
    .catch(() => undefined);
}

/** Goes to /login, then signs out (in that order, so the route guard does not redirect first). */
export function useLogout() {
  const navigate = useNavigate();
  return async (options?: LogoutOptions) => {
    await navigate(paths.login, { replace: true });
    await logout(options);
  };
}
