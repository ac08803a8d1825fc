/** What went wrong with the browser wallet, in words a buyer can act on. */
export type WalletProblem =
  | 'noWallet'
  | 'rejected'
  | 'switchRefused'
  | 'wrongNetwork'
  | 'unknownNetwork'
  | 'insufficientFunds'
  | 'expired'
  | 'busy'
  | 'failed';

export const walletMessages = {
  noWallet:
    'No browser wallet found. Install a wallet such as MetaMask, or pay from any wallet app with the address and amount below.',
  rejected:
    'You rejected the request in your wallet. Nothing was sent and your order is still Pending: press Pay with wallet to try again.',
  switchRefused: (chain: string) =>
    `Your wallet did not switch to ${chain}. Switch to ${chain} in your wallet, then press Pay with wallet again.`,
  wrongNetwork: (chain: string) =>
    `Your wallet is on another network. Switch it to ${chain}, then press Pay with wallet again.`,
  unknownNetwork: (chain: string) =>
    `Your wallet does not know ${chain}. Add ${chain} in your wallet, then press Pay with wallet again.`,
  insufficientFunds: (coin: string) =>
    `Your wallet does not hold enough ${coin} for this payment (plus a little ETH for the network fee). Top it up or use another account, then try again.`,
  expired:
    'This quote has expired, so the amount can no longer be paid. Place a new order for a fresh quote.',
  busy: 'Your wallet already has a request open. Finish or close it in the wallet, then try again.',
  failed: (detail: string) => `The wallet could not send the payment: ${detail}`,
} as const;

/** EIP-1193 and common JSON-RPC error codes the wallet answers with. */
export const WalletErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  /** MetaMask and most wallets: wallet_switchEthereumChain for a chain it does not know. */
  unrecognizedChain: 4902,
  requestPending: -32002,
} as const;

interface RpcErrorLike {
  code?: unknown;
  message?: unknown;
  data?: unknown;
  cause?: unknown;
  originalError?: unknown;
}

const asRecord = (value: unknown): RpcErrorLike | null =>
  typeof value === 'object' && value !== null ? value : null;

/** The error codes a wallet error carries, its own first, then wrapped ones (MetaMask nests 4902). */
export function walletErrorCodes(error: unknown): number[] {
  const codes: number[] = [];
  let current = asRecord(error);
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === 'number') codes.push(current.code);
    const data = asRecord(current.data);
    const nested = asRecord(data?.originalError) ?? asRecord(current.cause) ?? data;
    current = nested === current ? null : nested;
  }
  return codes;
}

const textOf = (error: unknown): string => {
  const parts: string[] = [];
  let current = asRecord(error);
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.message === 'string') parts.push(current.message);
    const data = asRecord(current.data);
    if (typeof data?.message === 'string') parts.push(data.message);
    current = asRecord(data?.originalError) ?? asRecord(current.cause);
  }
  if (!parts.length && typeof error === 'string') parts.push(error);
  return parts.join(' ');
};

const INSUFFICIENT = /insufficient (funds|balance)|exceeds balance|ERC20InsufficientBalance/i;

export const isUserRejection = (error: unknown) =>
  walletErrorCodes(error).includes(WalletErrorCode.userRejected);

export const isUnrecognizedChain = (error: unknown) =>
  walletErrorCodes(error).includes(WalletErrorCode.unrecognizedChain) ||
  /unrecognized chain|chain .* not (been )?added/i.test(textOf(error));

/** An error thrown by the payment steps, already in a buyer's words. */
export class WalletPaymentError extends Error {
  constructor(
    readonly problem: WalletProblem,
    message: string,
  ) {
    super(message);
    this.name = 'WalletPaymentError';
  }
}

/**
 * A wallet's error while connecting or sending, as a WalletPaymentError the buyer can act on.
 * Errors already mapped pass through unchanged.
 */
export function toWalletPaymentError(error: unknown, coin: string): WalletPaymentError {
  if (error instanceof WalletPaymentError) return error;
  const codes = walletErrorCodes(error);
  if (codes.includes(WalletErrorCode.userRejected) || codes.includes(WalletErrorCode.unauthorized))
    return new WalletPaymentError('rejected', walletMessages.rejected);
  if (codes.includes(WalletErrorCode.requestPending))
    return new WalletPaymentError('busy', walletMessages.busy);
  const text = textOf(error);
  if (INSUFFICIENT.test(text))
    return new WalletPaymentError('insufficientFunds', walletMessages.insufficientFunds(coin));
  const detail = text.split('\n')[0]?.trim() || 'unknown error';
  return new WalletPaymentError('failed', walletMessages.failed(detail));
}
