import { useMutation } from '@tanstack/react-query';
import type { TotpSetup } from '@tmc/shared';
import { api } from '../../../lib/api-client';

export async function startTotpSetup(): Promise<TotpSetup> {
  const { data } = await api.post<TotpSetup>('/v1/auth/totp/setup');
  return data;
}

export function useStartTotpSetup() {
  return useMutation({ mutationFn: startTotpSetup });
}
