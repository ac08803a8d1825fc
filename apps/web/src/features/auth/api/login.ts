import { useMutation } from '@tanstack/react-query';
import type { AuthResult, Envelope, LoginBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<Envelope<AuthResult>> {
  return api.post<AuthResult>('/v1/auth/login', body, { auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
