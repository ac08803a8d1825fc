import { useMutation } from '@tanstack/react-query';
import type { TotpSetup } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** The setup opens with the token of the single-use link the server mailed to the staff address. */
export async function startTotpSetup(token: string): Promise<TotpSetup> {
  const { data } = await api.post<TotpSetup>('/v1/auth/totp/setup', { token });
  return data;
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}

/** Mails the signed-in staff account a link to its authenticator setup; answers the message. */
export async function sendEnrolmentLink(): Promise<string> {
  const { message } = await api.post<null>('/v1/auth/totp/enrolment-link');
  return message;
}

export function useSendEnrolmentLink() {
  return useMutation({ mutationFn: sendEnrolmentLink });
}
