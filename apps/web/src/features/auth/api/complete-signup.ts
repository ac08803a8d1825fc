import { useMutation } from '@tanstack/react-query';
import type { CompleteSignupBody, Envelope } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** The set-password step after a sign-up code that came without the password. */
export function completeSignup(body: CompleteSignupBody): Promise<Envelope<null>> {
  return api.post<null>('/v1/auth/complete-signup', body, { auth: false });
}

export function useCompleteSignup() {
  return useMutation({ mutationFn: completeSignup });
}
