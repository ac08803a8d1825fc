import { useEffect, useRef, useState } from 'react';
import type { Hex } from 'viem';
import type { DeliveryProofFile } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { ShortHash } from '../../../components/ui/explorer-link';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { ProgressStep } from '../../../components/ui/progress-step';
import { cn } from '../../../lib/cn';
import type { BrowserWallet } from '../../crypto/lib/wallet-discovery';
import { useBrowserWallet } from '../../crypto/lib/use-browser-wallet';
import {
  connectAccount,
  ensureChain,
  readProgress,
  type PaymentChain,
} from '../../crypto/lib/wallet-payment-steps';
import {
  ClaimError,
  claimMessages,
  readClaimable,
  sendClaim,
  toClaimError,
  watchTmc,
} from '../lib/claim-steps';

type Phase =
  | { name: 'idle' }
  | { name: 'working'; step: string }
  | { name: 'failed'; message: string }
  | { name: 'tracking'; hash: Hex; confirmations: number; mined: boolean; claimed: boolean };

const FIRST_POLL_MS = 1_000;
const MAX_POLL_MS = 15_000;
const GIVE_UP_MS = 30 * 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(id), resolve()), { once: true });
  });

export interface ClaimButtonProps {
  proof: DeliveryProofFile;
  chain: PaymentChain;
  /** Confirmations before the claim counts as done. */
  minConfirmations: number;
  /** Called once the claim is confirmed: refetch the delivery so the amounts update. */
  onClaimed: () => unknown;
  /** The server reads nothing claimable now (all claimed, or not unlocked yet). */
  nothingClaimable?: boolean;
}

/**
 * "Claim": asks the wallet for the presale's network first, re-reads what is claimable on chain,
 * sends `claim(account, cumulativeAmount, proof)` and follows it: sent → confirmations → claimed.
 */
export function ClaimButton({
  proof,
  chain,
  minConfirmations,
  onClaimed,
  nothingClaimable = false,
}: ClaimButtonProps) {
  const pickWallet = useBrowserWallet();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function follow(wallet: BrowserWallet, hash: Hex, signal: AbortSignal) {
    const started = Date.now();
    let delay = FIRST_POLL_MS;
    while (!signal.aborted && Date.now() - started < GIVE_UP_MS) {
      const progress = await readProgress(wallet.provider, hash);
      if (signal.aborted) return;
      if (progress?.reverted) {
        setPhase({ name: 'failed', message: claimMessages.reverted });
        return;
      }
      if (progress && progress.blockNumber !== null) {
        const claimed = progress.confirmations >= minConfirmations;
        setPhase({
          name: 'tracking',
          hash,
          mined: true,
          confirmations: progress.confirmations,
          claimed,
        });
        if (claimed) {
          await onClaimed();
          return;
        }
      }
      await sleep(delay, signal);
      delay = Math.min(Math.round(delay * 1.5), MAX_POLL_MS);
    }
  }

  async function claim() {
    const wallet = pickWallet();
    if (!wallet) return setPhase({ name: 'failed', message: claimMessages.noWallet });
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      setPhase({ name: 'working', step: 'Connecting to your wallet…' });
      const account = await connectAccount(wallet.provider, 'ETH');
      setPhase({ name: 'working', step: `Switching your wallet to ${chain.chainName}…` });
      await ensureChain(wallet.provider, chain);
      setPhase({ name: 'working', step: 'Reading what you can claim…' });
      const claimable = await readClaimable(wallet.provider, proof);
      if (claimable <= 0n) throw new ClaimError(claimMessages.nothingToClaim);
      setPhase({ name: 'working', step: 'Confirm the claim in your wallet…' });
      const hash = await sendClaim(wallet.provider, proof, account);
      if (controller.signal.aborted) return;
      setPhase({ name: 'tracking', hash, confirmations: 0, mined: false, claimed: false });
      await follow(wallet, hash, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted)
        setPhase({ name: 'failed', message: toClaimError(error, chain.chainName).message });
    }
  }

  const tracking = phase.name === 'tracking' ? phase : null;
  return (
    <div className="flex flex-col gap-3">
      {!tracking || tracking.claimed ? (
        <Button
          onClick={() => void claim()}
          loading={phase.name === 'working'}
          disabled={nothingClaimable}
          className="sm:self-start"
        >
          Claim
        </Button>
      ) : null}
      {phase.name === 'working' ? (
        <p className="text-sm" role="status">
          {phase.step}
        </p>
      ) : null}
      {phase.name === 'failed' ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-2xl border-2 border-danger/70 bg-danger/10 p-3 text-sm font-semibold"
        >
          <AlertIcon className="mt-0.5 shrink-0 text-danger" />
          <span>{phase.message}</span>
        </p>
      ) : null}
      {tracking ? (
        <section aria-labelledby="claim-progress" className="flex flex-col gap-2">
          <h3 id="claim-progress" className="font-bold">
            Claim progress
          </h3>
          <ol aria-live="polite" className="flex flex-col gap-2 text-sm">
            <ProgressStep done label="Sent">
              <ShortHash kind="tx" value={tracking.hash} base={chain.explorerUrl} />
            </ProgressStep>
            <ProgressStep
              done={tracking.confirmations >= minConfirmations}
              active={!tracking.claimed}
              label={`Confirmations ${Math.min(tracking.confirmations, minConfirmations)} / ${minConfirmations}`}
            />
            <ProgressStep done={tracking.claimed} label="Claimed" />
          </ol>
          {tracking.claimed ? (
            <p role="status" className="flex items-start gap-2 font-semibold text-success">
              <CheckCircleIcon className="mt-0.5 shrink-0" />
              Your TMC are in your wallet.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** "Add TMC to my wallet" (EIP-747). */
export function AddTokenButton({ token }: { token: string }) {
  const pickWallet = useBrowserWallet();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function add() {
    const wallet = pickWallet();
    if (!wallet) return setNote({ ok: false, text: claimMessages.noWallet });
    setBusy(true);
    try {
      const added = await watchTmc(wallet.provider, token);
      setNote(
        added
          ? { ok: true, text: 'TMC is now listed in your wallet.' }
          : { ok: false, text: 'Your wallet did not add TMC.' },
      );
    } catch (error) {
      setNote({ ok: false, text: toClaimError(error, '').message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" onClick={() => void add()} loading={busy}>
        Add TMC to my wallet
      </Button>
      {note ? (
        <p role="status" className={cn('text-sm', note.ok ? 'text-success' : 'text-danger')}>
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
