import type { Location } from 'react-router';

export const CALLBACK_PARAM = 'callbackUrl';

/** Route state the guard leaves on /login: where the visitor was going. */
export interface LoginRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Only same-site paths, so a crafted callbackUrl cannot send people to another site. */
export function isSafePath(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * Where to go after a successful login: `?callbackUrl=`, else the guarded page that sent
 * the visitor to /login, else home. Navigate there with `{ replace: true }`.
 */
export function postLoginTarget(location: Pick<Location, 'search' | 'state'>): string {
  const callbackUrl = new URLSearchParams(location.search).get(CALLBACK_PARAM);
  if (isSafePath(callbackUrl)) return callbackUrl;
  const from = (location.state as LoginRedirectState | null)?.from;
  if (from && isSafePath(from.pathname))
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return '/';
}

/**
 * Set while the person is signing out on purpose: the guarded page they leave must not be kept
 * as "where they were going", so their next login lands on home.
 */
let leavingOnPurpose = false;

export function markSignOut(): void {
  leavingOnPurpose = true;
}

/**
 * A new sign-in ends the sign-out before it: a logout from a public page (no guarded page took
 * the flag) must not drop the origin of a session that ends later.
 */
export function forgetSignOut(): void {
  leavingOnPurpose = false;
}

/** True once after a deliberate sign-out (the guard asks), then false again. */
export function takeSignOut(): boolean {
  const was = leavingOnPurpose;
  leavingOnPurpose = false;
  return was;
}
