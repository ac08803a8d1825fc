import { Link } from 'react-router';
import { AlertIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { paths, profileWalletPath } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { useHoldings } from '../api/get-holdings';

function Figure({
  label,
  value,
  testId,
  accent = false,
}: {
  label: string;
  value: string;
  testId: string;
  accent?: boolean;
}) {
  return (
    <div
      className={cn(
        'rounded-2xl border-2 p-4',
        accent ? 'border-lime/70 bg-lime/10' : 'border-line bg-surface-2',
      )}
    >
      <dt className="text-sm font-bold text-muted">{label}</dt>
      <dd
        className={cn(
          'font-display text-3xl font-black wrap-anywhere tabular-nums',
          accent ? 'text-lime' : 'text-fg',
        )}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

/** "My TMC": tokens allocated and pending review, the wallet they go to and how they are delivered. */
export function HoldingsCard({ className }: { className?: string }) {
  const { data, isPending, isError, error } = useHoldings();
  return (
    <section
      aria-labelledby="my-tmc-heading"
      className={cn('card flex flex-col gap-4 p-5 sm:p-6', className)}
    >
      <h2 id="my-tmc-heading" className="text-2xl">
        My {data?.tokenSymbol ?? 'TMC'}
      </h2>
      {isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner /> Loading your tokens…
        </p>
      ) : isError ? (
        <p role="alert" className="flex items-center gap-2 text-danger">
          <AlertIcon /> {error.message}
        </p>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Figure
              label="Tokens allocated"
              value={formatMoney(data.allocated, data.tokenSymbol)}
              testId="tokens-allocated"
              accent
            />
            <Figure
              label="Pending review"
              value={formatMoney(data.pendingReview, data.tokenSymbol)}
              testId="tokens-pending"
            />
          </dl>
          {data.wallet ? (
            <p className="text-sm">
              <span className="font-bold text-muted">Delivered to </span>
              <code className="font-mono break-all text-fg">{data.wallet}</code>
            </p>
          ) : (
            <p
              role="note"
              className="flex items-start gap-2.5 rounded-2xl border-2 border-pink/70 bg-pink/10 p-3 text-sm font-semibold"
            >
              <AlertIcon className="mt-0.5 shrink-0 text-lg text-pink" />
              <span>
                No wallet saved: your tokens cannot be delivered until you add one.{' '}
                <Link
                  to={profileWalletPath}
                  className="rounded text-cyan underline underline-offset-4 hover:text-lime"
                >
                  Add a wallet
                </Link>
              </span>
            </p>
          )}
          <p className="text-sm text-muted">{data.deliveryStatement}</p>
          <p className="text-sm">
            <Link
              to={paths.delivery}
              className="rounded font-bold text-cyan underline underline-offset-4 hover:text-lime"
            >
              Delivery: claim your TMC and download your proof
            </Link>
          </p>
          <p className="text-sm">
            <Link
              to={paths.statements}
              className="rounded font-bold text-cyan underline underline-offset-4 hover:text-lime"
            >
              Statements: your orders by financial year, for your tax return
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
