import { useMutation } from '@tanstack/react-query';
import type { Envelope, OtpVerifyBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/**
 * What a right sign-up code answers: null once the e-mail is verified, or the token of the
 * set-password step when the code came without the account's password (API.md).
 */
export type VerifyOtpData = { setPasswordToken: string } | null;

/**
 * Confirms the e-mail address with the sign-up code. A signed-in buyer's access token goes with
 * it: the session of the account stands for its password.
 */
export function verifyOtp(body: OtpVerifyBody): Promise<Envelope<VerifyOtpData>> {
  return api.post<VerifyOtpData>('/v1/auth/otpVerification', body);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
