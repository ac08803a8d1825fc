import { useMutation } from '@tanstack/react-query';
import type { Envelope, ForgetPasswordBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** Sets the new password with the reset token; the server signs out every session. */
export function forgetPassword(body: ForgetPasswordBody): Promise<Envelope<null>> {
  return api.post<null>('/v1/auth/forgetPassword', body, { auth: false });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
