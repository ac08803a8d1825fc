import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Transaction } from '@tmc/shared';
import { api } from '../../../lib/api-client';

/** `data` of a verified payment: the transaction, now Success, and a message for the user. */
export interface VerifiedPayment {
  transaction: Transaction;
  msg: string;
}

export interface VerifyCryptoPaymentInput {
  transactionId: string;
  txnHash: string;
}

/** POST /v1/transaction/verify-crypto-pay/:transactionId: the server reads the chain itself. */
export function verifyCryptoPayment({
  transactionId,
  txnHash,
}: VerifyCryptoPaymentInput): Promise<Envelope<VerifiedPayment>> {
  return api.post<VerifiedPayment>(
    `/v1/transaction/verify-crypto-pay/${encodeURIComponent(transactionId)}`,
    { txnHash },
  );
}

/** Lets a dialog stay open while any verification is in flight (useIsMutating). */
export const verifyCryptoPaymentKey = ['transactions', 'verify-crypto-pay'] as const;

export function useVerifyCryptoPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: verifyCryptoPaymentKey,
    mutationFn: verifyCryptoPayment,
    // A verified payment also accepts its presale request. Not awaited: the caller moves on
    // at once and the lists reload behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      void queryClient.invalidateQueries({ queryKey: ['purchases'] });
    },
  });
}
