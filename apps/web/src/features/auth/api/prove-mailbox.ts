import { useMutation } from '@tanstack/react-query';
import type { Envelope, OtpPurpose } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** The link of a "too many wrong codes" e-mail: codes for the address are accepted again. */
export function proveMailbox(
  token: string,
): Promise<Envelope<{ email: string; type: OtpPurpose }>> {
  return api.post<{ email: string; type: OtpPurpose }>(
    '/v1/auth/mailbox-proof',
    { token },
    { auth: false },
  );
}

export function useProveMailbox() {
  return useMutation({ mutationFn: proveMailbox });
}
