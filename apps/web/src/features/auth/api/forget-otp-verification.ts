import { useMutation } from '@tanstack/react-query';
import type { Envelope, ForgetOtpVerifyBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** Trades the reset code for a single-use reset token. */
export function forgetOtpVerification(
  body: ForgetOtpVerifyBody,
): Promise<Envelope<{ resetToken: string }>> {
  return api.post<{ resetToken: string }>('/v1/auth/forgetOTPVerfication', body, { auth: false });
}

export function useForgetOtpVerification() {
  return useMutation({ mutationFn: forgetOtpVerification });
}
