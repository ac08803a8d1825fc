import { Link } from 'react-router';
import type { PresaleConfig } from '@tmc/shared';
import { buttonClasses } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { CheckIcon, ExternalLinkIcon } from '../../components/ui/icons';
import { Mascot } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { usePresaleConfig } from '../../features/presale/api/get-presale-config';
import { formatAmount } from '../../lib/format';
import { useReferralCode, withReferral } from '../../lib/referral';
import { useDocumentTitle } from '../../lib/use-document-title';

function Sparkle({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <path
        d="M12 0c1 7 5 11 12 12-7 1-11 5-12 12-1-7-5-11-12-12C7 11 11 7 12 0z"
        fill="currentColor"
      />
    </svg>
  );
}

function Stat({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="card flex flex-col gap-1 px-5 py-4">
      <dt className="text-xs font-black tracking-widest text-muted uppercase">{label}</dt>
      <dd className="font-display text-2xl font-black">
        {value ?? <span className="block h-7 w-24 animate-skeleton rounded-full bg-surface-3" />}
      </dd>
    </div>
  );
}

function statValues(config: PresaleConfig | undefined, failed: boolean) {
  if (!config) return { price: failed ? '—' : undefined, minimum: failed ? '—' : undefined };
  return {
    price: `A$${formatAmount(config.tokenPriceAud, 8, 2)}`,
    minimum: `A$${formatAmount(config.minPurchaseAud, 2, 0)}`,
  };
}

const perks = [
  '20% commission on presales through your link',
  'Weekly payouts',
  'No cost to join',
  'Marketing content ready to share',
];

export function HomeRoute() {
  useDocumentTitle('Home');
  const referralCode = useReferralCode();
  const { data: config, isError } = usePresaleConfig();
  const buyHref = withReferral(paths.buy, referralCode);
  const { price, minimum } = statValues(config, isError);
  const whitePaperUrl = config?.whitePaperUrl || paths.whitePaper;

  return (
    <>
      <section className="relative isolate overflow-x-clip">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-32 right-[-10%] size-[32rem] rounded-full bg-pink/20 blur-3xl" />
          <div className="absolute bottom-[-30%] left-[-10%] size-[28rem] rounded-full bg-cyan/10 blur-3xl" />
        </div>
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 md:grid-cols-[1.15fr_0.85fr] md:py-24">
          <div className="flex flex-col items-start gap-6">
            <span className="rounded-full border-2 border-pink bg-pink/10 px-3 py-1 text-xs font-black tracking-widest text-pink uppercase">
              Meme token presale
            </span>
            <div>
              <h1 className="text-display text-lime drop-shadow-[0_6px_0_#000]">TMC</h1>
              <p className="mt-3 font-display text-xl font-black sm:text-2xl">
                {config?.tokenName && config.tokenName !== 'TMC'
                  ? config.tokenName
                  : 'The meme coin with a grin'}
              </p>
            </div>
            <p className="max-w-xl text-lg text-muted">
              No moon promises, just memes, good vibes and a community that gets the joke. Grab TMC
              in the presale by bank transfer, ETH or USDC.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to={buyHref} className={buttonClasses('primary', 'lg')}>
                Buy TMC
              </Link>
              <a
                href={whitePaperUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'lg')}
              >
                White Paper
                <ExternalLinkIcon />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          </div>
          <div className="relative mx-auto w-full max-w-sm md:max-w-none">
            <div
              aria-hidden="true"
              className="absolute inset-[6%] rounded-full border-4 border-dashed border-line motion-safe:animate-[spin_40s_linear_infinite]"
            />
            <Sparkle className="absolute top-[8%] left-[6%] size-8 text-cyan" />
            <Sparkle className="absolute right-[4%] bottom-[18%] size-10 text-pink" />
            <Sparkle className="absolute top-[2%] right-[22%] size-5 text-lime" />
            <Mascot
              title="Tammy, the TMC mascot"
              className="relative mx-auto aspect-square w-[78%] -rotate-6 drop-shadow-[0_12px_0_#000]"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="token-heading" className="container-page">
        <h2 id="token-heading" className="sr-only">
          Token
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Stat label="Presale price" value={price} />
          <Stat label="Minimum purchase" value={minimum} />
          <Stat label="Pay with" value="AUD · ETH · USDC" />
        </dl>
      </section>

      <section aria-labelledby="swap-heading" className="container-page mt-16">
        <div className="card grid gap-6 p-6 sm:p-10 md:grid-cols-[1fr_1.1fr] md:items-center">
          <div className="flex flex-col gap-3">
            <h2 id="swap-heading" className="text-3xl sm:text-4xl">
              Swap your <span className="text-pink">scam tokens</span>
            </h2>
            <p className="text-muted">
              Got stuck with tokens from a rug pull? Send them to the wallet below and receive TMC
              in return.
            </p>
          </div>
          <div className="flex flex-col gap-3 rounded-2xl border-2 border-line bg-surface-2 p-4">
            <span className="text-xs font-black tracking-widest text-muted uppercase">
              Swap wallet address
            </span>
            {config?.swapWallet ? (
              <>
                <code className="font-mono text-sm break-all text-fg">{config.swapWallet}</code>
                <CopyButton
                  value={config.swapWallet}
                  ariaLabel="Copy swap wallet address"
                  className="self-start"
                />
              </>
            ) : (
              <span className="block h-5 w-full animate-skeleton rounded-full bg-surface-3" />
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="affiliate-heading" className="container-page mt-16">
        <div className="relative overflow-hidden rounded-[var(--radius-chunky)] border-2 border-ink bg-lime p-6 text-ink shadow-chunky sm:p-10">
          <Mascot className="absolute -right-6 -bottom-8 hidden size-48 rotate-12 opacity-90 sm:block" />
          <div className="relative flex max-w-xl flex-col gap-4">
            <h2 id="affiliate-heading" className="text-3xl sm:text-4xl">
              Become an Affiliate
            </h2>
            <ul className="grid gap-2">
              {perks.map((perk) => (
                <li key={perk} className="flex items-center gap-2 font-semibold">
                  <CheckIcon className="shrink-0 text-xl" />
                  {perk}
                </li>
              ))}
            </ul>
            <Link
              to={withReferral(paths.signup, referralCode)}
              className="inline-flex min-h-12 items-center self-start rounded-full bg-ink px-6 font-bold text-lime transition hover:bg-surface"
            >
              Become an Affiliate
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="disclaimer-heading" className="container-page mt-16">
        <div className="flex flex-col gap-2 rounded-2xl border-2 border-dashed border-line p-5 text-sm text-muted">
          <h2 id="disclaimer-heading" className="font-sans text-base font-bold text-fg">
            Just for fun
          </h2>
          <p>
            TMC is a meme token, not a financial product, an investment or financial advice. Buyers
            must be 18 or older.{' '}
            <Link
              to={paths.disclaimer}
              className="font-bold text-cyan underline underline-offset-2"
            >
              Read the disclaimer
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
