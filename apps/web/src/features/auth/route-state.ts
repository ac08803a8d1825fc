import { isSafePath } from '../../lib/auth-redirect';

/** Route state the account screens hand to each other (spec section 2). */
export interface EmailState {
  email: string;
  /** /otp: a login of the unverified account had a new code sent (rather than a sign-up). */
  codeResent?: boolean;
  /** /otp after such a login: where that login was going, once the code signs the person in. */
  returnTo?: string;
}

export interface ResetState {
  email: string;
  resetToken: string;
}

function stringField(state: unknown, key: string): string | null {
  if (!state || typeof state !== 'object') return null;
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' && value ? value : null;
}

/** The e-mail passed to /otp, /forgetpasswordotp and /login, if any. */
export function emailFromState(state: unknown): string | null {
  return stringField(state, 'email');
}

/** Whether /otp was reached from a login of an unverified account (see EmailState). */
export function codeResentFromState(state: unknown): boolean {
  return !!state && typeof state === 'object' && (state as EmailState).codeResent === true;
}

/** Where a login of an unverified account was going; only a path of this site. */
export function returnToFromState(state: unknown): string | null {
  const value = stringField(state, 'returnTo');
  return isSafePath(value) ? value : null;
}

/** What /updatepassword needs; null sends the visitor back to the start of the reset. */
export function resetFromState(state: unknown): ResetState | null {
  const email = stringField(state, 'email');
  const resetToken = stringField(state, 'resetToken');
  return email && resetToken ? { email, resetToken } : null;
}
