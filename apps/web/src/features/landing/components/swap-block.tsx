import { CopyableAddress } from '../../../components/ui/copyable-address';
import { TruncatedText } from '../../../components/ui/truncated-text';

const DESCRIPTION =
  'Got stuck with tokens from a rug pull or a scam project? They are not worth a frown ' +
  'any more. Send those unwanted tokens to the swap wallet below and receive TMC in return, ' +
  'so the clutter in your wallet turns into a ticket to the TMC community. Click the address ' +
  'to copy it, and double-check it in your wallet before you send anything: transfers on a ' +
  'blockchain cannot be reversed, so tokens sent to a wrong address are gone for good.';

/** The swap offer: scam tokens in, TMC out, with the click-to-copy wallet address. */
export function SwapBlock({ swapWallet }: { swapWallet: string | undefined }) {
  return (
    <section aria-labelledby="swap-heading" className="container-page">
      <div className="card grid gap-6 p-5 sm:p-8 md:grid-cols-[1fr_1.1fr] md:items-center md:gap-10 lg:p-10">
        <div className="flex flex-col items-start gap-4">
          <span className="rounded-full border-2 border-pink px-3 py-1 text-xs font-black tracking-widest text-pink uppercase">
            Swap offer
          </span>
          <h2 id="swap-heading" className="text-3xl sm:text-4xl">
            Swap your <span className="text-pink">scam tokens</span>
          </h2>
          <TruncatedText text={DESCRIPTION} className="text-muted" />
        </div>
        <div className="flex flex-col gap-3 rounded-2xl border-2 border-line bg-surface-2 p-4 sm:p-5">
          <span className="text-xs font-black tracking-widest text-muted uppercase">
            Swap wallet address
          </span>
          {swapWallet ? (
            <CopyableAddress value={swapWallet} />
          ) : (
            <span className="block h-14 w-full animate-skeleton rounded-2xl bg-surface-3" />
          )}
          <p className="text-sm text-muted">Click the address to copy it.</p>
        </div>
      </div>
    </section>
  );
}
