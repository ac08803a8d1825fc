import { useMutation } from '@tanstack/react-query';
import type { Envelope, SignupBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export function signup(body: SignupBody): Promise<Envelope<{ email: string }>> {
  return api.post<{ email: string }>('/v1/auth/signup', body, { auth: false });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
