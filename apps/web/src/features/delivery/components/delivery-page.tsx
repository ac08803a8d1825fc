import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Delivery } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { AlertIcon, InboxIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { profileWalletPath } from '../../../config/paths';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/use-api-form';
import { useWallets } from '../../account/api/wallet-proofs';
import { usePresaleConfig } from '../../presale/api/get-presale-config';
import { useChooseDeliveryPush } from '../api/choose-delivery-push';
import { useChooseDeliveryWallet } from '../api/choose-delivery-wallet';
import { downloadProof } from '../api/download-proof';
import { useDelivery } from '../api/get-delivery';
import { AddTokenButton, ClaimButton } from './claim-button';

const tmc = (value: string) => formatMoney(value, 'TMC');

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="min-w-0 rounded-2xl border-2 border-line bg-surface-2 p-4">
      <dt className="text-sm font-bold text-muted">{label}</dt>
      <dd
        className="font-display text-2xl font-black wrap-anywhere tabular-nums"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

const linkClass = 'rounded text-cyan underline underline-offset-4 hover:text-lime';

/** Why the tokens are held, and what the buyer does about it. */
function HeldNote({ held }: { held: NonNullable<Delivery['held']> }) {
  return (
    <div
      role="note"
      className="flex items-start gap-2.5 rounded-2xl border-2 border-pink/70 bg-pink/10 p-3 text-sm font-semibold"
    >
      <AlertIcon className="mt-0.5 shrink-0 text-lg text-pink" />
      {held.reason === 'no_proven_wallet' ? (
        <span>
          {tmc(held.tokens)} are held: you have not proved a wallet yet, so there is nowhere to
          deliver them.{' '}
          <Link to={profileWalletPath} className={linkClass}>
            Prove a wallet in your profile
          </Link>{' '}
          (Sign-In with Ethereum); they go into the next distribution.
        </span>
      ) : (
        <span>
          {tmc(held.tokens)} are held: you proved several wallets and have not chosen the one your
          tokens go to. Choose it below; they go into the next distribution.
        </span>
      )}
    </div>
  );
}

/** The delivery wallet, and a choice among the proven wallets when there are several. */
function DeliveryWallet({ current }: { current: string | null }) {
  const wallets = useWallets();
  const choose = useChooseDeliveryWallet();
  const proven = (wallets.data ?? []).filter((w) => w.proven);
  const [picked, setPicked] = useState<string>('');
  const selected = picked || current || '';

  async function save() {
    try {
      const { message } = await choose.mutateAsync(selected);
      toast.success(message || 'Delivery wallet saved');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section aria-labelledby="delivery-wallet-heading" className="flex flex-col gap-3">
      <h2 id="delivery-wallet-heading" className="text-xl">
        Delivery wallet
      </h2>
      {current ? (
        <p className="text-sm">
          <span className="font-bold text-muted">Your TMC go to </span>
          <code className="font-mono break-all text-fg" data-testid="delivery-wallet">
            {current}
          </code>
        </p>
      ) : (
        <p className="text-sm text-muted">No delivery wallet chosen yet.</p>
      )}
      {proven.length > 1 ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-bold text-muted">
              Choose among the wallets you proved
            </legend>
            {proven.map((w) => (
              <label
                key={w.address}
                className="flex min-w-0 cursor-pointer items-center gap-2 rounded-2xl border-2 border-line px-3 py-2 text-sm has-[:checked]:border-lime"
              >
                <input
                  type="radio"
                  name="delivery-wallet"
                  value={w.address}
                  checked={selected.toLowerCase() === w.address.toLowerCase()}
                  onChange={() => setPicked(w.address)}
                />
                <code className="font-mono break-all">{w.address}</code>
              </label>
            ))}
          </fieldset>
          <Button
            type="submit"
            variant="secondary"
            loading={choose.isPending}
            disabled={!selected || selected.toLowerCase() === (current ?? '').toLowerCase()}
            className="sm:self-start"
          >
            Use this wallet
          </Button>
        </form>
      ) : null}
      <p className="text-sm text-muted">
        Tokens go only to a wallet you proved with Sign-In with Ethereum.{' '}
        <Link to={profileWalletPath} className={linkClass}>
          Prove another wallet in your profile
        </Link>
      </p>
    </section>
  );
}

function Figures({ data }: { data: Delivery }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Figure label="Allocated" value={tmc(data.allocated)} testId="delivery-allocated" />
      <Figure
        label={
          data.published
            ? `In the published root (epoch ${data.published.epoch})`
            : 'In the published root'
        }
        value={data.published ? tmc(data.published.cumulative) : 'Not yet'}
        testId="delivery-published"
      />
      <Figure label="Claimed on chain" value={tmc(data.claimed)} testId="delivery-claimed" />
      <Figure label="Claimable now" value={tmc(data.claimableNow)} testId="delivery-claimable" />
      {data.vesting ? (
        <>
          <Figure
            label="Unlocked so far"
            value={tmc(data.vesting.unlocked)}
            testId="delivery-unlocked"
          />
          <Figure
            label="Next unlock"
            value={
              data.vesting.nextUnlockAt ? formatDate(data.vesting.nextUnlockAt) : 'Fully unlocked'
            }
            testId="delivery-next-unlock"
          />
        </>
      ) : null}
    </dl>
  );
}

/** "Send my tokens for me": our team sends the claim, for a buyer without ETH for gas. */
function PushChoice({ asked }: { asked: boolean }) {
  const choose = useChooseDeliveryPush();
  async function change(push: boolean) {
    try {
      await choose.mutateAsync(push);
      toast.success(
        push
          ? 'Our team will send your TMC to your delivery wallet with the next batch'
          : 'You will claim your TMC yourself',
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <label className="flex items-start gap-3 text-sm">
      <Checkbox
        checked={asked}
        disabled={choose.isPending}
        onChange={(event) => void change(event.target.checked)}
      />
      <span>
        <span className="font-bold">Send my tokens for me.</span> Our team sends your claim in its
        next batch, so you need no ETH for gas; it can take a few days. A wallet holding no ETH is
        included anyway.
      </span>
    </label>
  );
}

function Actions({ data, onClaimed }: { data: Delivery; onClaimed: () => unknown }) {
  const { data: config } = usePresaleConfig();
  const [downloading, setDownloading] = useState(false);
  const proof = data.proof;
  async function download() {
    setDownloading(true);
    try {
      await downloadProof();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <div className="flex flex-col gap-4">
      {proof ? (
        <ClaimButton
          proof={proof}
          chain={{
            chainId: data.chainId,
            chainName: config?.chainName ?? `chain ${data.chainId}`,
            rpcUrl: config?.rpcUrl ?? null,
            explorerUrl: config?.explorerUrl ?? null,
          }}
          minConfirmations={config?.minConfirmations ?? 1}
          onClaimed={onClaimed}
          nothingClaimable={!/[1-9]/.test(data.claimableNow)}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        {proof ? (
          <Button variant="secondary" onClick={() => void download()} loading={downloading}>
            Download my proof
          </Button>
        ) : null}
        {data.token ? <AddTokenButton token={data.token} /> : null}
      </div>
      {data.contract !== null && !data.held ? <PushChoice asked={data.push} /> : null}
      {proof ? (
        <p className="text-sm text-muted">
          The proof file lets you claim with any wallet tool, even if this site is down: call{' '}
          <code className="font-mono">claim</code> on the distributor{' '}
          <code className="font-mono break-all">{proof.contract}</code> with its address, amount and
          proof.
        </p>
      ) : null}
    </div>
  );
}

const CLAIM_POLL_MS = 2_000;
const CLAIM_POLL_GIVE_UP_MS = 10 * 60_000;

/** "Delivery": what the buyer was allocated, what the chain holds for them, and how to claim it. */
export function DeliveryPage() {
  // A confirmed claim reaches the server's figures only once its reader has caught up with the
  // chain: until "claimed" moves, re-read it rather than leave the old figure up until a reload.
  const [counting, setCounting] = useState<{ claimed: string; until: number } | null>(null);
  const query = useDelivery({
    everyMs: CLAIM_POLL_MS,
    while: (data) =>
      counting !== null && data?.claimed === counting.claimed && Date.now() < counting.until,
  });
  const onClaimed = () => {
    if (query.data)
      setCounting({ claimed: query.data.claimed, until: Date.now() + CLAIM_POLL_GIVE_UP_MS });
    return query.refetch();
  };
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl sm:text-4xl">Delivery</h1>
      {query.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner /> Loading your delivery…
        </p>
      ) : query.isError ? (
        <LoadError
          title="Could not load your delivery"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <Loaded data={query.data} onClaimed={onClaimed} />
      )}
    </div>
  );
}

function Loaded({ data, onClaimed }: { data: Delivery; onClaimed: () => unknown }) {
  return (
    <section className="card flex flex-col gap-5 p-5 sm:p-6" aria-label="Your TMC">
      {data.contract === null ? (
        <EmptyState
          icon={<InboxIcon />}
          title="Delivery has not started"
          description="Your allocation is recorded. Once token delivery starts, we e-mail you and your TMC can be claimed here."
        />
      ) : null}
      <Figures data={data} />
      {data.held ? <HeldNote held={data.held} /> : null}
      {data.contract !== null ? <Actions data={data} onClaimed={onClaimed} /> : null}
      <DeliveryWallet current={data.deliveryWallet} />
    </section>
  );
}
