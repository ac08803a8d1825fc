import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentityStatus, IdentitySubmitBody } from '@tmc/shared';
import { api } from '../../../lib/api-client';
import { IDENTITY_KEY } from './get-identity';

/** POST /v1/account/identity: the two uploaded documents, for staff to review. */
export const submitIdentity = (body: IdentitySubmitBody) =>
  api.post<IdentityStatus>('/v1/account/identity', body);

export function useSubmitIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitIdentity,
    onSuccess: ({ data }) => client.setQueryData(IDENTITY_KEY, data),
  });
}
