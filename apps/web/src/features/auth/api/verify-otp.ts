import { useMutation } from '@tanstack/react-query';
import type { Envelope, OtpVerifyBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** Confirms the e-mail address with the sign-up code. */
export function verifyOtp(body: OtpVerifyBody): Promise<Envelope<null>> {
  return api.post<null>('/v1/auth/otpVerification', body, { auth: false });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
