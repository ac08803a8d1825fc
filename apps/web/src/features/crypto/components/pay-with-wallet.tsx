import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { isHandedToStaff, verifyPaymentMessages } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { ShortHash } from '../../../components/ui/explorer-link';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { ProgressStep } from '../../../components/ui/progress-step';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useTimeLeft } from '../../../lib/use-time-left';
import { WalletPaymentError, walletMessages, type WalletProblem } from '../lib/wallet-errors';
import { getWallets, proveWallet } from '../../account/api/wallet-proofs';
import { refreshWalletViews } from '../../account/api/wallet-changed';
import { useSession } from '../../../lib/session';
import { injectedWallet, watchWallets, type BrowserWallet } from '../lib/wallet-discovery';
import {
  checkBalance,
  connectAccount,
  ensureChain,
  readProgress,
  sendPayment,
  type PaymentChain,
} from '../lib/wallet-payment-steps';
import type { TransferOrder } from '../lib/wallet-transfer';
import type { WalletOrder } from '../lib/wallet-order';

type Phase =
  | { name: 'idle' }
  | { name: 'working'; step: string }
  | { name: 'confirmSender'; account: Address }
  | { name: 'failed'; problem: WalletProblem; message: string }
  | { name: 'tracking'; hash: Hex; account: Address };

interface Progress {
  blockNumber: bigint | null;
  confirmations: number;
  verified: string | null;
  /** A final answer that is not "verified": the reason and what happens next. */
  stopped: { message: string; handedToStaff: boolean } | null;
}

const FIRST_POLL_MS = 1_000;
const MAX_POLL_MS = 15_000;
/** After this the page stops asking; the server's watcher still finishes the payment. */
const GIVE_UP_MS = 30 * 60_000;

/** Server answers that only mean "not yet": the payment is still on its way. */
const NOT_YET: readonly string[] = [
  verifyPaymentMessages.notOnChain,
  verifyPaymentMessages.notMined,
  verifyPaymentMessages.notEnoughConfirmations,
  verifyPaymentMessages.chainUnavailable,
];

const isNotYet = (error: unknown) =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 429 ||
  error.status >= 500 ||
  NOT_YET.includes(error.message);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(id), resolve()), { once: true });
  });

const sameAddress = (a: string, b: string) => {
  try {
    return isAddressEqual(a as Address, b as Address);
  } catch {
    return false;
  }
};

export interface PayWithWalletProps extends WalletOrder {
  chainName: string;
  /** Public RPC URL a wallet may add the chain with; null: the buyer adds it by hand. */
  rpcUrl: string | null;
  explorerUrl: string | null;
  /** Confirmations before the payment counts (N of "confirmations n / N"). */
  minConfirmations: number;
  /** The buyer's saved wallet, where the tokens go; null when none is saved. */
  savedWallet: string | null;
  /** The offer to save the sending address as the buyer's wallet (none saved yet); left out without it. */
  saveWalletOffer?: (address: string) => ReactNode;
  /** Submits the hash to verify-crypto-pay; resolves with the server's message, rejects with an ApiError. */
  verify: (txnHash: string) => Promise<string>;
  /** Called once the payment is verified, with the server's message. */
  onVerified?: (message: string) => void;
  /** The wallet guide, shown when no browser wallet is found. */
  walletHelp?: ReactNode;
}

/**
 * 'Pay with wallet': the browser wallet sends exactly the quoted amount (EIP-6963 discovery, else
 * window.ethereum), then the page follows the payment until it counts. Heavy (viem): load it lazily.
 */
export function PayWithWallet(props: PayWithWalletProps) {
  const {
    currency,
    amount,
    companyWallet,
    usdcAddress,
    expiresAt,
    explorerUrl,
    minConfirmations,
    savedWallet,
    saveWalletOffer,
    verify,
    onVerified,
    walletHelp,
  } = props;
  const ids = useId();
  const signedIn = useSession().user !== null;
  const queryClient = useQueryClient();
  const [wallets, setWallets] = useState<BrowserWallet[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [progress, setProgress] = useState<Progress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const left = useTimeLeft(expiresAt ?? '');
  const expired = left?.ended === true;

  useEffect(() => watchWallets(setWallets), []);
  // Leaving the page stops the polling; the server's watcher still credits the payment.
  useEffect(() => () => abort.current?.abort(), []);

  const chain: PaymentChain = {
    chainId: props.chainId,
    chainName: props.chainName,
    rpcUrl: props.rpcUrl,
    explorerUrl,
  };
  const order: TransferOrder = {
    coin: currency,
    amount,
    companyWallet: getAddress(companyWallet),
    usdcAddress: getAddress(usdcAddress),
  };

  const pickWallet = () =>
    wallets.find((w) => w.info.uuid === chosen) ?? wallets[0] ?? injectedWallet();

  function fail(error: unknown) {
    const mapped =
      error instanceof WalletPaymentError
        ? error
        : new WalletPaymentError('failed', walletMessages.failed(String(error)));
    setPhase({ name: 'failed', problem: mapped.problem, message: mapped.message });
  }

  async function follow(wallet: BrowserWallet, hash: Hex, signal: AbortSignal) {
    const started = Date.now();
    let delay = FIRST_POLL_MS;
    let askServer = true;
    setProgress({ blockNumber: null, confirmations: 0, verified: null, stopped: null });
    while (!signal.aborted) {
      const chainProgress = await readProgress(wallet.provider, hash);
      if (signal.aborted) return;
      if (chainProgress) {
        setProgress((p) => p && { ...p, ...chainProgress });
        if (chainProgress.reverted) {
          setProgress(
            (p) =>
              p && {
                ...p,
                stopped: { message: verifyPaymentMessages.reverted, handedToStaff: false },
              },
          );
          return;
        }
      }
      // Ask the server when the wallet says the payment may count, or when the wallet cannot tell.
      if (askServer || !chainProgress || chainProgress.confirmations >= minConfirmations) {
        askServer = false;
        try {
          const message = await verify(hash);
          if (signal.aborted) return;
          setProgress((p) => p && { ...p, verified: message });
          onVerified?.(message);
          return;
        } catch (error) {
          if (signal.aborted) return;
          if (!isNotYet(error)) {
            const message = error instanceof Error ? error.message : String(error);
            setProgress(
              (p) => p && { ...p, stopped: { message, handedToStaff: isHandedToStaff(message) } },
            );
            return;
          }
        }
      }
      if (Date.now() - started > GIVE_UP_MS) return;
      await sleep(delay, signal);
      delay = Math.min(Math.round(delay * 1.5), MAX_POLL_MS);
    }
  }

  async function send(wallet: BrowserWallet, account: Address, signal: AbortSignal) {
    setPhase({ name: 'working', step: 'Checking your balance…' });
    await checkBalance(wallet.provider, order, account);
    if (expired) throw new WalletPaymentError('expired', walletMessages.expired);
    if (signedIn) {
      // A proven sender is evidence of its own: even a payment that differs from the quote is
      // then credited by its value, without waiting for staff.
      const wallets = await getWallets();
      if (!wallets.some((w) => w.proven && isAddressEqual(w.address as Address, account))) {
        setPhase({ name: 'working', step: 'Sign the message that proves this wallet is yours…' });
        await proveWallet(wallet.provider, account);
        void refreshWalletViews(queryClient);
      }
    }
    setPhase({ name: 'working', step: 'Confirm the payment in your wallet…' });
    const hash = await sendPayment(wallet.provider, order, account);
    if (signal.aborted) return;
    setPhase({ name: 'tracking', hash, account });
    await follow(wallet, hash, signal);
  }

  async function pay() {
    if (expired) return fail(new WalletPaymentError('expired', walletMessages.expired));
    const wallet = pickWallet();
    if (!wallet) return fail(new WalletPaymentError('noWallet', walletMessages.noWallet));
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      setPhase({ name: 'working', step: 'Connecting to your wallet…' });
      const account = await connectAccount(wallet.provider, currency);
      setPhase({ name: 'working', step: `Switching your wallet to ${chain.chainName}…` });
      await ensureChain(wallet.provider, chain);
      if (savedWallet && !sameAddress(savedWallet, account)) {
        setPhase({ name: 'confirmSender', account });
        return;
      }
      await send(wallet, account, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) fail(error);
    }
  }

  async function sendAnyway(account: Address) {
    const wallet = pickWallet();
    const controller = abort.current;
    if (!wallet || !controller) return;
    try {
      await send(wallet, account, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) fail(error);
    }
  }

  const busy = phase.name === 'working' || phase.name === 'confirmSender';
  const tracking = phase.name === 'tracking' ? phase : null;
  const done = progress?.verified != null || progress?.stopped != null;

  return (
    <div className="flex flex-col gap-3">
      {wallets.length > 1 && !tracking ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-bold text-muted">Your wallet</legend>
          <div className="flex flex-wrap gap-2">
            {wallets.map((w) => (
              <label
                key={w.info.uuid}
                className="flex cursor-pointer items-center gap-2 rounded-full border-2 border-line px-3 py-1.5 text-sm has-[:checked]:border-lime"
              >
                <input
                  type="radio"
                  name={`${ids}-wallet`}
                  value={w.info.uuid}
                  checked={(chosen ?? wallets[0]?.info.uuid) === w.info.uuid}
                  onChange={() => setChosen(w.info.uuid)}
                  disabled={busy}
                />
                {w.info.icon.startsWith('data:image/') ? (
                  <img src={w.info.icon} alt="" className="size-5" />
                ) : null}
                {w.info.name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {!tracking ? (
        <Button
          size="lg"
          onClick={() => void pay()}
          loading={phase.name === 'working'}
          disabled={expired || phase.name === 'confirmSender'}
          className="sm:self-start"
        >
          Pay with wallet
        </Button>
      ) : null}

      {/* A signature nobody warned of is what wallet-safety advice says to reject (m14). */}
      {signedIn && !tracking && !expired ? (
        <p className="text-sm text-muted">
          Your wallet may first ask you to sign a free message proving it is yours (a signature, not
          a payment), then to confirm the payment.
        </p>
      ) : null}

      {expired && !tracking ? <p className="text-sm text-muted">{walletMessages.expired}</p> : null}

      {phase.name === 'working' ? (
        <p className="text-sm" role="status">
          {phase.step}
        </p>
      ) : null}

      {phase.name === 'confirmSender' && savedWallet ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-2xl border-2 border-pink/70 bg-pink/10 p-3 text-sm"
        >
          <p className="flex items-start gap-2">
            <AlertIcon className="mt-0.5 shrink-0 text-pink" />
            <span>
              The connected account <code className="font-mono break-all">{phase.account}</code> is
              not your saved wallet <code className="font-mono break-all">{savedWallet}</code>. Your
              tokens go to the saved wallet; send from this account only if you control both.
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void sendAnyway(phase.account)}>
              Send from this account
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setPhase({ name: 'idle' })}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}

      {phase.name === 'failed' ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-2xl border-2 border-danger/70 bg-danger/10 p-3 text-sm"
        >
          <p className="flex items-start gap-2 font-semibold">
            <AlertIcon className="mt-0.5 shrink-0 text-danger" />
            <span>{phase.message}</span>
          </p>
          {phase.problem === 'noWallet' ? walletHelp : null}
        </div>
      ) : null}

      {tracking && progress ? (
        <section aria-labelledby={`${ids}-progress`} className="flex flex-col gap-3">
          <h4 id={`${ids}-progress`} className="font-bold">
            Payment progress
          </h4>
          <ol aria-live="polite" className="flex flex-col gap-2 text-sm">
            <ProgressStep done label="Sent">
              <ShortHash kind="tx" value={tracking.hash} base={explorerUrl} />
            </ProgressStep>
            <ProgressStep
              done={progress.blockNumber !== null}
              active={progress.blockNumber === null && !done}
              label="Mined"
            >
              {progress.blockNumber !== null ? `in block ${progress.blockNumber}` : null}
            </ProgressStep>
            <ProgressStep
              done={progress.confirmations >= minConfirmations}
              active={progress.blockNumber !== null && !done}
              label={`Confirmations ${Math.min(progress.confirmations, minConfirmations)} / ${minConfirmations}`}
            />
            <ProgressStep
              done={progress.verified !== null}
              active={progress.confirmations >= minConfirmations && !done}
              label="Verified"
            />
          </ol>
          {progress.verified ? (
            <p role="status" className="flex items-start gap-2 font-semibold text-success">
              <CheckCircleIcon className="mt-0.5 shrink-0" />
              {progress.verified}
            </p>
          ) : progress.stopped ? (
            <p
              role="alert"
              className={cn(
                'flex items-start gap-2 rounded-2xl border-2 p-3 text-sm font-semibold',
                progress.stopped.handedToStaff
                  ? 'border-cyan/60 bg-cyan/5'
                  : 'border-danger/70 bg-danger/10',
              )}
            >
              <AlertIcon className="mt-0.5 shrink-0" />
              {progress.stopped.message}
            </p>
          ) : (
            <p className="text-sm text-muted">
              You may close this tab: we finish the payment on our side and e-mail you once it
              counts.
            </p>
          )}
          {!savedWallet && saveWalletOffer ? (
            <div className="flex flex-col gap-2 rounded-2xl border-2 border-line bg-surface-2 p-3 text-sm">
              <p>
                Your tokens go to your saved wallet, and you have none yet. Save{' '}
                <code className="font-mono break-all">{tracking.account}</code>, the account you
                paid from?
              </p>
              {saveWalletOffer(tracking.account)}
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
