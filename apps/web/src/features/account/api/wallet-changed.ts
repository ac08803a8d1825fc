import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query that shows where the buyer's tokens go or which wallets are proven: the account
 * (the signed-in user, the wallet list), My TMC and the order pages ('purchases'), and the
 * delivery choice. A saved or proven wallet refreshes them all, so no screen keeps saying
 * "No wallet saved" after the toast said it was.
 */
const WALLET_QUERY_ROOTS = [['account'], ['purchases'], ['delivery']] as const;

export function refreshWalletViews(client: QueryClient): Promise<void> {
  return Promise.all(
    WALLET_QUERY_ROOTS.map((queryKey) => client.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
