import { useMutation } from '@tanstack/react-query';
import type { TotpConfirmBody, Tokens } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { setTokens } from '../../../lib/session';

export interface TotpConfirmed {
  recoveryCodes: string[];
  tokens: Tokens;
}

/** Turns the authenticator on; the server ends the other logins and answers this one's new tokens. */
export async function confirmTotpSetup(body: TotpConfirmBody): Promise<TotpConfirmed> {
  const { data } = await api.post<TotpConfirmed>('/v1/auth/totp/confirm', body);
  setTokens(data.tokens);
  return data;
}

export function useConfirmTotpSetup() {
  return useMutation({ mutationFn: confirmTotpSetup });
}
