import { useMutation } from '@tanstack/react-query';
import type { Envelope, ForgetPasswordOtpBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** E-mails a reset code; the answer is the same whether or not the account exists. */
export function forgetPasswordOtp(body: ForgetPasswordOtpBody): Promise<Envelope<null>> {
  return api.post<null>('/v1/auth/forgetPasswordOTP', body, { auth: false });
}

export function useForgetPasswordOtp() {
  return useMutation({ mutationFn: forgetPasswordOtp });
}
