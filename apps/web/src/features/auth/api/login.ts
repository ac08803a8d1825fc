import { useMutation } from '@tanstack/react-query';
import type { AuthResult, Envelope, LoginBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { REFERRAL_STORAGE_KEY } from '../../../lib/referral';
import { setSession } from '../../../lib/session';

export function login(body: LoginBody): Promise<Envelope<AuthResult>> {
  return api.post<AuthResult>('/v1/auth/login', body, { auth: false });
}

/** What every successful login does before it moves on: keep the session, drop the referral. */
export function startSession(result: AuthResult) {
  setSession(result);
  localStorage.removeItem(REFERRAL_STORAGE_KEY);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
