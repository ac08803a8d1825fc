import { useMutation } from '@tanstack/react-query';
import type { Envelope, ResendOtpBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** Sends a fresh code: `verifyemail` for sign-up, `verifyUser` for a password reset. */
export function resendOtp(body: ResendOtpBody): Promise<Envelope<null>> {
  return api.post<null>('/v1/auth/resendOTP', body, { auth: false });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
