import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PresaleConfig } from '@tmc/shared';
import { buttonClasses } from '../../../components/ui/button';
import { TruncatedText } from '../../../components/ui/truncated-text';
import { formatDate } from '../../../lib/format';
import { formatAud } from '../lib/presale-figures';

const DESCRIPTION =
  'TMC is a meme token made for laughs and for the people who share them. It lives on a ' +
  'public blockchain, its mascot is a grinning lime blob called Tammy, and it exists to ' +
  'bring people together around jokes, art and silly community challenges. Holding TMC gives ' +
  'you no share in any company, no dividends and no promises about what it will be worth: ' +
  'it is a ticket to the fun, nothing more. In the presale you can pick some up by bank ' +
  'transfer, ETH or USDC, and our team checks every request before tokens are allocated to you.';

interface TokenBlockProps {
  /** Undefined while the presale settings load. */
  config: PresaleConfig | undefined;
  /** The settings could not be loaded. */
  failed: boolean;
  buyHref: string;
}

function Skeleton({ className }: { className: string }) {
  return <span className={`block animate-skeleton rounded-full bg-surface-3 ${className}`} />;
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border-2 border-line bg-surface-2 px-4 py-3">
      <dt className="text-xs font-black tracking-widest text-muted uppercase">{label}</dt>
      <dd className="font-display text-xl font-black sm:text-2xl">{children}</dd>
    </div>
  );
}

/** The end date as a date: no clock ticking towards it (no urgency). */
function EndDate({ endsAt }: { endsAt: string | null }) {
  // Read once: the sentence never changes while the page is open.
  const [now] = useState(() => Date.now());
  if (endsAt) {
    const ended = new Date(endsAt).getTime() <= now;
    return (
      <p className="rounded-2xl border-2 border-line px-4 py-3 text-sm text-muted">
        {ended ? 'The presale ended on ' : 'The presale ends on '}
        <time dateTime={endsAt} className="font-bold text-fg">
          {formatDate(endsAt)}
        </time>
        .
      </p>
    );
  }
  return (
    <p className="rounded-2xl border-2 border-dashed border-line px-4 py-3 text-sm text-muted">
      No end date is set: the presale stays open until the hard cap is reached or the team closes
      it.
    </p>
  );
}

/** The token: what it is, the current price and figures, the end date and the Buy button. */
export function TokenBlock({ config, failed, buyHref }: TokenBlockProps) {
  const unknown = failed ? '—' : <Skeleton className="h-7 w-24" />;
  return (
    <section aria-labelledby="token-heading" className="container-page">
      <div className="card grid gap-8 p-5 sm:p-8 md:grid-cols-2 md:gap-10 lg:p-10">
        <div className="flex flex-col items-start gap-5">
          <span className="rounded-full border-2 border-cyan px-3 py-1 text-xs font-black tracking-widest text-cyan uppercase">
            The token
          </span>
          <h2 id="token-heading" className="text-3xl sm:text-4xl">
            Meet <span className="text-lime">{config?.tokenSymbol ?? 'TMC'}</span>
          </h2>
          <TruncatedText text={DESCRIPTION} className="text-muted" />
          <Link to={buyHref} className={buttonClasses('primary', 'lg', 'mt-auto')}>
            Buy TMC
          </Link>
        </div>

        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-2 gap-3">
            <Figure label="Presale price">
              {config ? (config.stage ? formatAud(config.stage.priceAud, 8) : '—') : unknown}
            </Figure>
            <Figure label="Minimum buy">
              {config ? formatAud(config.minPurchaseAud) : unknown}
            </Figure>
            <Figure label="Pay with">AUD · ETH · USDC</Figure>
            <Figure label="Symbol">{config?.tokenSymbol ?? unknown}</Figure>
          </dl>
          {config ? (
            <>
              {config.stage ? (
                <p className="text-sm text-muted">
                  {config.stage.name}: the price of every order placed now. An order keeps the price
                  it was placed at.
                </p>
              ) : (
                <p className="text-sm text-muted">The presale is not selling right now.</p>
              )}
              <EndDate endsAt={config.endsAt} />
            </>
          ) : failed ? (
            <p className="text-sm text-muted">
              Live presale figures are unavailable right now. Please try again in a moment.
            </p>
          ) : (
            <div aria-hidden="true" className="flex flex-col gap-3">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-5 w-full" />
              <Skeleton className="h-4 w-56" />
              <Skeleton className="mt-3 h-20 w-full rounded-2xl" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
